import { onRealtimeEvent, onRealtimeReconnect, type Note, type NoteEvent, type NoteUser } from '@parley/shared';
import { useCallback, useEffect, useState } from 'react';
import { fetchNotes } from './notes-api';
import { mergeNote } from './notes-timeline';

export interface ConversationNotes {
  notes: Note[];
  /** The account's active staff, whom a note can mention. */
  staff: NoteUser[];
  /** A note this browser just added (before its `note` event comes back). */
  putNote: (note: Note) => void;
  removeNote: (noteId: string) => void;
}

/** The open conversation's private notes (issue #21), kept current by the `note` event and after a reconnect. */
export function useNotes(conversationId: string): ConversationNotes {
  const [notes, setNotes] = useState<Note[]>([]);
  const [staff, setStaff] = useState<NoteUser[]>([]);

  useEffect(() => {
    let current = true;
    const load = () =>
      fetchNotes(conversationId).then(
        (answer) => {
          if (!current) return;
          setNotes(answer.list);
          setStaff(answer.staff);
        },
        // The chat still works without its notes; the next reconnect tries again.
        () => undefined,
      );
    void load();
    const stopEvent = onRealtimeEvent<NoteEvent>('note', (event) => {
      if (event.kind === 'added' && event.note.conversationId === conversationId) {
        setNotes((known) => mergeNote(known, event.note));
      } else if (event.kind === 'deleted' && event.conversationId === conversationId) {
        setNotes((known) => known.filter((note) => note.id !== event.noteId));
      }
    });
    const stopReconnect = onRealtimeReconnect(() => void load());
    return () => {
      current = false;
      stopEvent();
      stopReconnect();
    };
  }, [conversationId]);

  const putNote = useCallback((note: Note) => setNotes((known) => mergeNote(known, note)), []);
  const removeNote = useCallback(
    (noteId: string) => setNotes((known) => known.filter((note) => note.id !== noteId)),
    [],
  );
  return { notes, staff, putNote, removeNote };
}
