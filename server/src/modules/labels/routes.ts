/**
 * Labels (issue #21, docs/api.md#labels):
 *   GET    /api/account/labels                          (user)  → { list } by name
 *   POST   /api/account/labels                          (owner) { name, colour } → 201 Label (409: name taken)
 *   PUT    /api/account/labels/{id}                     (owner) { name, colour } → Label (409: name taken)
 *   DELETE /api/account/labels/{id}                     (owner) → { ok: true } (taken off every conversation)
 *   PUT    /api/conversations/{id}/labels/{labelId}     (user)  → Conversation (idempotent)
 *   DELETE /api/conversations/{id}/labels/{labelId}     (user)  → Conversation (idempotent)
 * Always within the caller's account: another account's id is a 404. A change to the account's labels sends the
 * `labels` event (the whole list) to the account's room; a label put on or taken off a conversation announces
 * that conversation (the `conversation` event, announce.ts) to every staff member online.
 */
import {
  conversation,
  conversationLabelParams,
  idParams,
  label,
  labelBody,
  labelList,
  okAnswer,
  SOCKET_EVENTS,
} from '@parley/contract';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import type { AppModule } from '../../services';
import { ChangeLog, createAnnouncer } from '../conversations/announce';
import { createMediaLinkSigner } from '../conversations/media-links';
import { getConversationView } from '../conversations/queries';
import { createLabel, deleteLabel, listLabels, setConversationLabel, updateLabel } from './service';

export const labelsModule: AppModule = {
  name: 'labels',
  register(app, { db, realtime, config }) {
    const api = typed(app);
    const tags = ['Labels'];
    const events = createAnnouncer(db, realtime, createMediaLinkSigner(config.auth.jwtSecret), app.log);

    /** Every open dashboard of the account refreshes its labels (names and colours on rows, pickers, filter). */
    async function announceLabels(accountId: string) {
      try {
        realtime.toAccount(accountId, SOCKET_EVENTS.labels, { list: await listLabels(db, accountId) });
      } catch (error) {
        app.log.warn({ err: error }, 'could not announce the labels');
      }
    }

    api.get(
      '/api/account/labels',
      {
        config: { access: 'user' },
        schema: { tags, summary: "The account's labels, by name", response: { 200: labelList, ...refusals } },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        return { list: await listLabels(db, accountId) };
      },
    );

    api.post(
      '/api/account/labels',
      {
        config: { access: 'owner' },
        schema: { tags, summary: 'Add a label', body: labelBody, response: { 201: label, ...refusals } },
      },
      async (request, reply) => {
        const { accountId } = requireAuth(request);
        const created = await createLabel(db, accountId, request.body);
        void announceLabels(accountId);
        return reply.status(201).send(created);
      },
    );

    api.put(
      '/api/account/labels/:id',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: 'Rename or recolour a label',
          params: idParams,
          body: labelBody,
          response: { 200: label, ...refusals },
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        const updated = await updateLabel(db, accountId, request.params.id, request.body);
        void announceLabels(accountId);
        return updated;
      },
    );

    api.delete(
      '/api/account/labels/:id',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: 'Delete a label (it comes off every conversation)',
          params: idParams,
          response: { 200: okAnswer, ...refusals },
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        await deleteLabel(db, accountId, request.params.id);
        void announceLabels(accountId);
        return { ok: true as const };
      },
    );

    for (const [method, on] of [
      ['put', true],
      ['delete', false],
    ] as const) {
      api[method](
        '/api/conversations/:id/labels/:labelId',
        {
          config: { access: 'user' },
          schema: {
            tags,
            summary: on ? 'Put a label on a conversation' : 'Take a label off a conversation',
            params: conversationLabelParams,
            response: { 200: conversation, ...refusals },
          },
        },
        async (request) => {
          const { accountId, userId } = requireAuth(request);
          const { id, labelId } = request.params;
          if (await setConversationLabel(db, accountId, id, labelId, on)) {
            void events.announce(new ChangeLog().conversation(id));
          }
          return getConversationView(db, accountId, userId, id);
        },
      );
    }
  },
};
