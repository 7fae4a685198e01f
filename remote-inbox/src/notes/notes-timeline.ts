import type { Message, Note } from '@parley/shared';

export interface NotesPlacement {
  /** Notes older than the first loaded message (shown above it only when no older page is left to load). */
  before: Note[];
  /** Notes shown after each message: those written before the next one. */
  after: Map<string, Note[]>;
}

/**
 * Where each note goes among the messages (oldest first): after the last message at or before its time. Notes
 * older than the loaded page belong to an older page, so they wait until it is loaded (`hasMore` false).
 */
export function placeNotes(messages: readonly Message[], notes: readonly Note[], hasMore: boolean): NotesPlacement {
  const placement: NotesPlacement = { before: [], after: new Map() };
  const sorted = [...notes].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  for (const note of sorted) {
    const time = Date.parse(note.createdAt);
    let index = -1;
    for (let at = messages.length - 1; at >= 0; at -= 1) {
      if (Date.parse(messages[at].timestamp) <= time) {
        index = at;
        break;
      }
    }
    if (index === -1) {
      if (!hasMore || messages.length === 0) placement.before.push(note);
      continue;
    }
    const id = messages[index].id;
    placement.after.set(id, [...(placement.after.get(id) ?? []), note]);
  }
  return placement;
}

/** Adds or replaces a note (by id), keeping the list oldest first. */
export function mergeNote(notes: readonly Note[], note: Note): Note[] {
  return [...notes.filter((known) => known.id !== note.id), note].sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt),
  );
}
