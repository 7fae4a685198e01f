/**
 * Private notes (issue #21, docs/api.md#private-notes):
 *   GET    /api/conversations/{id}/notes            (user) → { list } oldest first, { staff } to mention
 *   POST   /api/conversations/{id}/notes            (user) { text, mentions? } → 201 Note
 *   DELETE /api/conversations/{id}/notes/{noteId}   (user: the author, or an owner) → { ok: true }
 * Never sent to WhatsApp and never a message: the conversation (order, unread counts, last message, window) does
 * not change. An added or deleted note sends the `note` event to the account's room; each mentioned staff member
 * (not the author) gets the `mention` event in their own room. Another account's ids are 404s.
 */
import { idParams, NOTE_EVENTS, note, noteBody, noteList, noteParams, okAnswer } from '@parley/contract';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import type { AppModule } from '../../services';
import { activeStaff, addNote, deleteNote, listNotes } from './service';

export const notesModule: AppModule = {
  name: 'notes',
  register(app, { db, realtime }) {
    const api = typed(app);
    const tags = ['Notes'];

    api.get(
      '/api/conversations/:id/notes',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A conversation's private notes, oldest first",
          params: idParams,
          response: { 200: noteList, ...refusals },
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        const list = await listNotes(db, accountId, request.params.id);
        return { list, staff: await activeStaff(db, accountId) };
      },
    );

    api.post(
      '/api/conversations/:id/notes',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Write a private note (never sent to the customer); @mentions notify staff',
          params: idParams,
          body: noteBody,
          response: { 201: note, ...refusals },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const added = await addNote(db, auth, request.params.id, request.body);
        realtime.toAccount(auth.accountId, NOTE_EVENTS.note, { kind: 'added', note: added.note });
        for (const mentioned of added.note.mentions) {
          if (mentioned.id === auth.userId) continue;
          realtime.toUser(mentioned.id, NOTE_EVENTS.mention, added);
        }
        return reply.status(201).send(added.note);
      },
    );

    api.delete(
      '/api/conversations/:id/notes/:noteId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Delete a private note (its author or an owner)',
          params: noteParams,
          response: { 200: okAnswer, ...refusals },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const { id, noteId } = request.params;
        await deleteNote(db, auth, id, noteId);
        realtime.toAccount(auth.accountId, NOTE_EVENTS.note, { kind: 'deleted', conversationId: id, noteId });
        return { ok: true as const };
      },
    );
  },
};
