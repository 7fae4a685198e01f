/**
 * Conversations (docs/api.md, Conversations; docs/product-rules.md#conversation-status, #calls), all 'user' and scoped to the caller's account:
 *   GET  /api/conversations?status&q&from&to&customer&label&assignee&limit&cursor → { list, nextCursor }
 *   GET  /api/conversations/{id}?before&limit                       → ConversationDetail (messages oldest first)
 *   GET  /api/conversations/summary                                 → { counts, unreadTotal } (the caller's)
 *   PUT  /api/conversations/{id}/status {status}                    → Conversation
 *   GET  /api/account/templates                                     → approved templates
 *   sends and retry: send-routes.ts · message files: file-routes.ts
 * Sends are stored first and sent by the `message.send` job. Every change is announced after its commit by the
 * announcer (announce.ts): `message` for messages, `conversation` (per staff member) for conversations.
 * Conversations answer with the caller's `unreadCount` (unread.ts).
 */
import {
  conversation,
  conversationDetail,
  conversationDetailQuery,
  conversationList,
  conversationListQuery,
  conversationStatusBody,
  conversationSummary as summaryAnswer,
  idParams,
  messageTemplate,
  type MessageTemplate,
  ERROR_TEXTS,
} from '@parley/contract';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import { notFound } from '../../http/errors';
import type { AppModule } from '../../services';
import { dropOldPendingStatuses } from './delivery-status';
import { createAnnouncer } from './announce';
import { registerMessageFileRoutes } from './file-routes';
import { dateRange } from './inputs';
import { MEDIA_DOWNLOAD_JOB, SEND_MESSAGE_JOB } from './job-kinds';
import { createMediaDownloadJob } from './media-download-job';
import { createMediaLinkSigner } from './media-links';
import { getConversation, getConversationDetail, listConversations } from './queries';
import { withQuotedMessages } from './quoted';
import { conversationStatusChanges, conversations } from './schema';
import { createSendJob } from './send-job';
import { registerSendRoutes } from './send-routes';
import { listApprovedTemplates } from './templates';
import { conversationSummary, unreadCounts } from './unread';
import { toConversationView } from './views';

export const conversationsModule: AppModule = {
  name: 'conversations',
  async register(app, services) {
    const { db, config, storage, jobs, realtime } = services;
    const links = createMediaLinkSigner(config.auth.jwtSecret);
    const events = createAnnouncer(db, realtime, links, app.log);
    jobs.register(SEND_MESSAGE_JOB, createSendJob({ db, config, storage, events, realtime, log: app.log }));
    jobs.register(MEDIA_DOWNLOAD_JOB, createMediaDownloadJob({ db, config, storage, events, realtime }));
    jobs.addHousekeeping(() => dropOldPendingStatuses(db));

    const api = typed(app);
    const userRoute = { config: { access: 'user' as const } };
    const tags = ['Conversations'];

    api.get(
      '/api/conversations',
      {
        ...userRoute,
        schema: {
          tags,
          summary:
            'Conversations, newest activity first, filtered (status, text, dates, customer, label, assignee); cursor paging',
          querystring: conversationListQuery,
          response: { 200: conversationList, ...refusals },
        },
      },
      async (request) => {
        const { accountId, userId } = requireAuth(request);
        const { from, to, assignee, ...query } = request.query;
        const page = await listConversations(db, accountId, {
          ...query,
          ...dateRange(from, to),
          ...(assignee === undefined ? {} : { assignee: assignee === 'me' ? userId : assignee }),
        });
        const unread = (
          await unreadCounts(
            db,
            [userId],
            page.list.map((row) => row.id),
          )
        ).get(userId);
        return { ...page, list: page.list.map((row) => ({ ...row, unreadCount: unread?.get(row.id) ?? 0 })) };
      },
    );

    api.get(
      '/api/conversations/summary',
      {
        ...userRoute,
        schema: {
          tags,
          summary: "The caller's tab counts and unread total",
          response: { 200: summaryAnswer, ...refusals },
        },
      },
      async (request) => {
        const { accountId, userId } = requireAuth(request);
        return conversationSummary(db, accountId, userId);
      },
    );

    api.get(
      '/api/conversations/:id',
      {
        ...userRoute,
        schema: {
          tags,
          summary: 'A conversation with a page of its messages (oldest first; `before` pages back)',
          params: idParams,
          querystring: conversationDetailQuery,
          response: { 200: conversationDetail, ...refusals },
        },
      },
      async (request) => {
        const { accountId, userId } = requireAuth(request);
        const detail = await getConversationDetail(db, links, accountId, request.params.id, request.query);
        const unread = (await unreadCounts(db, [userId], [detail.id])).get(userId);
        const messages = await withQuotedMessages(db, accountId, detail.messages);
        return { ...detail, messages, unreadCount: unread?.get(detail.id) ?? 0 };
      },
    );

    // Any status from any other (Close, Archive, and Reopen = active); a change clears the archived-reply badge.
    api.put(
      '/api/conversations/:id/status',
      {
        ...userRoute,
        schema: {
          tags,
          summary: 'Close, archive or reopen (active) a conversation',
          params: idParams,
          body: conversationStatusBody,
          response: { 200: conversation, ...refusals },
        },
      },
      async (request) => {
        const { accountId, userId } = requireAuth(request);
        const { status } = request.body;
        const { contact, labels, assignee } = await getConversation(db, accountId, request.params.id);
        const updated = await events.transaction(async (tx, changes) => {
          const [row] = await tx
            .update(conversations)
            .set({ status, archivedReplyAt: null, updatedAt: sql`now()` })
            .where(and(eq(conversations.id, request.params.id), eq(conversations.accountId, accountId)))
            .returning();
          if (row) {
            await tx.insert(conversationStatusChanges).values({ accountId, conversationId: row.id, status, userId });
            changes.conversation(row.id);
          }
          return row;
        });
        if (!updated) throw notFound(ERROR_TEXTS.conversation_not_found);
        const unread = (await unreadCounts(db, [userId], [updated.id])).get(userId);
        return toConversationView(updated, contact, labels, assignee, new Date(), unread?.get(updated.id) ?? 0);
      },
    );

    api.get(
      '/api/account/templates',
      {
        ...userRoute,
        schema: {
          tags: ['Templates'],
          summary: "The WhatsApp account's approved message templates",
          response: { 200: z.array(messageTemplate), ...refusals },
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        // Meta's components pass through as received (typed unknown there); the answer check holds them to the contract.
        return (await listApprovedTemplates({ db, config }, accountId)) as MessageTemplate[];
      },
    );

    await registerSendRoutes(app, services, events, links);
    registerMessageFileRoutes(app, services, links);
  },
};
