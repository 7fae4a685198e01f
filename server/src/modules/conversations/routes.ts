/**
 * Conversations (docs/api.md, Conversations; spec sections 4 and 7), all 'user' and scoped to the caller's account:
 *   GET  /api/conversations?status&q&from&to&customer&limit&cursor → { list, nextCursor }
 *   GET  /api/conversations/{id}?before&limit                       → ConversationDetail (messages oldest first)
 *   PUT  /api/conversations/{id}/status {status}                    → Conversation
 *   GET  /api/account/templates                                     → approved templates
 *   sends and retry: send-routes.ts · message files: file-routes.ts
 * Sends are stored first and sent by the `message.send` job; each new or changed message is announced on the
 * socket as `message` { conversationId, message, conversation } (events.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { requireAuth } from '../../http/access';
import { notFound } from '../../http/errors';
import { parseBody, parseQuery } from '../../http/validation';
import type { AppModule } from '../../services';
import { dropOldPendingStatuses } from './delivery-status';
import { createMessageEvents } from './events';
import { registerMessageFileRoutes } from './file-routes';
import { dateRange, detailQuery, listQuery, statusBody } from './inputs';
import { MEDIA_DOWNLOAD_JOB, SEND_MESSAGE_JOB } from './job-kinds';
import { createMediaDownloadJob } from './media-download-job';
import { createMediaLinkSigner } from './media-links';
import { getConversation, getConversationDetail, listConversations } from './queries';
import { conversations } from './schema';
import { createSendJob } from './send-job';
import { registerSendRoutes } from './send-routes';
import { listApprovedTemplates } from './templates';
import { toConversationView } from './views';

type IdParams = { Params: { id: string } };

export const conversationsModule: AppModule = {
  name: 'conversations',
  async register(app, services) {
    const { db, config, storage, jobs, realtime } = services;
    const links = createMediaLinkSigner(config.auth.jwtSecret);
    const events = createMessageEvents(db, realtime, links, app.log);
    jobs.register(SEND_MESSAGE_JOB, createSendJob({ db, config, storage, events, log: app.log }));
    jobs.register(MEDIA_DOWNLOAD_JOB, createMediaDownloadJob({ db, config, storage, events }));
    jobs.addHousekeeping(() => dropOldPendingStatuses(db));

    const userRoute = { config: { access: 'user' as const } };

    app.get('/api/conversations', userRoute, async (request) => {
      const { accountId } = requireAuth(request);
      const { from, to, ...query } = parseQuery(listQuery, request.query);
      return listConversations(db, accountId, { ...query, ...dateRange(from, to) });
    });

    app.get<IdParams>('/api/conversations/:id', userRoute, async (request) => {
      const { accountId } = requireAuth(request);
      return getConversationDetail(db, links, accountId, request.params.id, parseQuery(detailQuery, request.query));
    });

    app.put<IdParams>('/api/conversations/:id/status', userRoute, async (request) => {
      const { accountId } = requireAuth(request);
      const { status } = parseBody(statusBody, request.body);
      const { contact } = await getConversation(db, accountId, request.params.id);
      const [updated] = await db
        .update(conversations)
        .set({ status, updatedAt: sql`now()` })
        .where(and(eq(conversations.id, request.params.id), eq(conversations.accountId, accountId)))
        .returning();
      if (!updated) throw notFound('Conversation not found');
      return toConversationView(updated, contact);
    });

    app.get('/api/account/templates', userRoute, async (request) => {
      const { accountId } = requireAuth(request);
      return listApprovedTemplates({ db, config }, accountId);
    });

    await registerSendRoutes(app, services, events, links);
    registerMessageFileRoutes(app, services, links);
  },
};
