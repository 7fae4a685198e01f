import { api, type Note, type NoteBody, type NoteList } from '@parley/shared';

/** Private notes of a conversation (issue #21, docs/api.md#private-notes). */
export const notesUrl = (conversationId: string) => `/api/conversations/${encodeURIComponent(conversationId)}/notes`;

export async function fetchNotes(conversationId: string): Promise<NoteList> {
  return (await api.get<NoteList>(notesUrl(conversationId))).data;
}

export async function addNote(conversationId: string, body: NoteBody): Promise<Note> {
  return (await api.post<Note>(notesUrl(conversationId), body)).data;
}

export async function deleteNote(conversationId: string, noteId: string): Promise<void> {
  await api.delete(`${notesUrl(conversationId)}/${encodeURIComponent(noteId)}`);
}
