/**
 * Private notes (issue #21, docs/api.md#private-notes): staff notes inside a conversation. Never sent to WhatsApp
 * and never a message. Kept apart from answers.ts and events.ts so this feature lands on its own.
 */
import { z } from 'zod';

/** A staff member as a note names them (author, mentions). */
export const noteUser = z.object({ id: z.string(), fullName: z.string() });

export const note = z.object({
  id: z.string(),
  conversationId: z.string(),
  author: noteUser,
  text: z.string(),
  /** The staff members the note mentions (`@Full Name`, `@firstname` or the `mentions` of the request). */
  mentions: z.array(noteUser),
  createdAt: z.string(),
});

/**
 * GET /api/conversations/{id}/notes: every note of the conversation, oldest first, and the account's active staff
 * (whom a note can mention: the `@` picker; agents cannot list the staff otherwise).
 */
export const noteList = z.object({ list: z.array(note), staff: z.array(noteUser) });

/** Server → client. */
export const NOTE_EVENTS = {
  /** To every staff member of the account: a note was added or deleted. */
  note: 'note',
  /** To the mentioned staff member only (never the author). */
  mention: 'mention',
} as const;

export const noteEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('added'), note }),
  z.object({ kind: z.literal('deleted'), conversationId: z.string(), noteId: z.string() }),
]);

/** The conversation's customer as the list shows them (name, else WhatsApp profile name, else phone). */
export const mentionEvent = z.object({ note, contactName: z.string() });

export type NoteUser = z.infer<typeof noteUser>;
export type Note = z.infer<typeof note>;
export type NoteList = z.infer<typeof noteList>;
export type NoteEvent = z.infer<typeof noteEvent>;
export type MentionEvent = z.infer<typeof mentionEvent>;
