/**
 * Saved replies (issue #21, docs/api.md#saved-replies):
 *   GET    /api/account/saved-replies        (user)  → { list } by shortcut
 *   POST   /api/account/saved-replies        (owner) { shortcut, text } → 201 SavedReply (409: shortcut taken)
 *   PUT    /api/account/saved-replies/{id}   (owner) { shortcut, text } → SavedReply (409: shortcut taken)
 *   DELETE /api/account/saved-replies/{id}   (owner) → { ok: true }
 * Always within the caller's account: another account's id is a 404.
 */
import { idParams, okAnswer, savedReply, savedReplyBody, savedReplyList } from '@parley/contract';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import type { AppModule } from '../../services';
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from './service';

export const savedRepliesModule: AppModule = {
  name: 'saved-replies',
  register(app, { db }) {
    const api = typed(app);
    const tags = ['Saved replies'];

    api.get(
      '/api/account/saved-replies',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The account's saved replies, by shortcut",
          response: { 200: savedReplyList, ...refusals },
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        return { list: await listSavedReplies(db, accountId) };
      },
    );

    api.post(
      '/api/account/saved-replies',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: 'Add a saved reply',
          body: savedReplyBody,
          response: { 201: savedReply, ...refusals },
        },
      },
      async (request, reply) => {
        const { accountId } = requireAuth(request);
        return reply.status(201).send(await createSavedReply(db, accountId, request.body));
      },
    );

    api.put(
      '/api/account/saved-replies/:id',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: 'Change a saved reply',
          params: idParams,
          body: savedReplyBody,
          response: { 200: savedReply, ...refusals },
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        return updateSavedReply(db, accountId, request.params.id, request.body);
      },
    );

    api.delete(
      '/api/account/saved-replies/:id',
      {
        config: { access: 'owner' },
        schema: { tags, summary: 'Delete a saved reply', params: idParams, response: { 200: okAnswer, ...refusals } },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        await deleteSavedReply(db, accountId, request.params.id);
        return { ok: true as const };
      },
    );
  },
};
