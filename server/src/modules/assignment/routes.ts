/**
 * Assignment (issue #21, docs/api.md#assignment):
 *   PUT /api/conversations/{id}/assignee (user) { userId: uuid | null } → Conversation
 * Owners: anyone active on the account's staff, or null. Agents: themselves when it is unassigned (or already
 * theirs), or null when it is theirs; anything else 403. Another account's conversation 404, another account's or
 * a deleted user 404, a suspended one 400. A change announces the conversation (`conversation` event) to every
 * staff member online; the list filters by `?assignee=me|unassigned|<userId>` (conversations/queries.ts).
 *
 * Round robin (docs/api.md#round-robin, round-robin.ts):
 *   GET /api/account/round-robin (owner) → { roundRobin }
 *   PUT /api/account/round-robin (owner) { roundRobin: boolean } → { roundRobin }
 */
import { conversation, conversationAssigneeBody, idParams, roundRobinBody, roundRobinSetting } from '@parley/contract';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import type { AppModule } from '../../services';
import { createAnnouncer } from '../conversations/announce';
import { createMediaLinkSigner } from '../conversations/media-links';
import { getConversationView } from '../conversations/queries';
import { getRoundRobin, OnlineStaff, registerOnlineStaff, setRoundRobin } from './round-robin';
import { assignConversation } from './service';

export const assignmentModule: AppModule = {
  name: 'assignment',
  register(app, { db, realtime, config }) {
    const api = typed(app);
    const events = createAnnouncer(db, realtime, createMediaLinkSigner(config.auth.jwtSecret), app.log);
    const online = new OnlineStaff(realtime);
    online.watch(realtime.io);
    const unregister = registerOnlineStaff(online);
    app.addHook('onClose', async () => {
      unregister();
    });

    api.get(
      '/api/account/round-robin',
      {
        config: { access: 'owner' },
        schema: {
          tags: ['Account'],
          summary: 'Whether new conversations are assigned in turn among the staff online',
          response: { 200: roundRobinSetting, ...refusals },
        },
      },
      async (request) => getRoundRobin(db, requireAuth(request).accountId),
    );

    api.put(
      '/api/account/round-robin',
      {
        config: { access: 'owner' },
        schema: {
          tags: ['Account'],
          summary: 'Turn round robin on or off: new conversations assigned in turn among the staff online',
          body: roundRobinBody,
          response: { 200: roundRobinSetting, ...refusals },
        },
      },
      async (request) => setRoundRobin(db, requireAuth(request).accountId, request.body.roundRobin),
    );

    api.put(
      '/api/conversations/:id/assignee',
      {
        config: { access: 'user' },
        schema: {
          tags: ['Conversations'],
          summary: 'Assign a conversation to a staff member, or unassign it (null); agents only themselves',
          params: idParams,
          body: conversationAssigneeBody,
          response: { 200: conversation, ...refusals },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const { id } = request.params;
        await events.transaction(async (tx, changes) => {
          if (await assignConversation(tx, auth, id, request.body.userId)) changes.conversation(id);
        });
        return getConversationView(db, auth.accountId, auth.userId, id);
      },
    );
  },
};
