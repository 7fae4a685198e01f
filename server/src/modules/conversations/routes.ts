/**
 * Conversations (docs/api.md, Conversations; spec sections 4 and 7), all 'user' and scoped to the caller's account:
 *   GET  /api/conversations?status&q&from&to&customer&limit&cursor → { list, nextCursor }
 *   GET  /api/conversations/{id}?before&limit                       → ConversationDetail (messages oldest first)
 *   PUT  /api/conversations/{id}/status {status}                    → Conversation
 *   POST /api/conversations/{id} {text, replyTo?}                   → 201 Message (pending)
 *   POST /api/conversations/{id}/location|media|template|asset|flow → 201 Message (pending)
 *   POST /api/conversations/{id}/messages/{messageId}/retry          → Message (a failed outgoing one, pending again)
 *   GET  /api/account/templates                                     → approved templates
 *   GET  /api/messages/{id}/media (bearer) · GET /api/files/messages/{id}?expires&signature (signed link)
 * Sends are stored first and sent by the `message.send` job; each new or changed message is announced on the
 * socket as `message` { conversationId, message, conversation }.
 */
import crypto from 'node:crypto';
import multipart from '@fastify/multipart';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../http/access';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { parseBody, parseQuery } from '../../http/validation';
import type { AppModule } from '../../services';
import { getAssetForSending } from '../assets/service';
import { isUuid } from '../contacts/paging';
import { sendStoredFile } from '../assets/serve-stored-file';
import { getFlowForSending } from '../flows/service';
import { requireConnection } from './connection';
import { dropOldPendingStatuses } from './delivery-status';
import { createMessageEvents } from './events';
import { assetBody, dateRange, detailQuery, flowBody, listQuery, locationBody, statusBody, templateBody, textBody } from './inputs';
import { MEDIA_DOWNLOAD_JOB, SEND_MESSAGE_JOB } from './job-kinds';
import { createMediaDownloadJob, extensionFor } from './media-download-job';
import { createMediaLinkSigner } from './media-links';
import { checkWhatsAppMedia, isAnimatedWebp, LARGEST_MEDIA_BYTES } from './media-rules';
import { createOutgoingMessage, queueRetry, type NewOutgoingMessage } from './outbound';
import { getConversation, getConversationDetail, getMessageOf, listConversations } from './queries';
import { readMediaUpload } from './read-media-upload';
import { conversations, messages, type ConversationRow, type MessageRow } from './schema';
import { createSendJob } from './send-job';
import { listApprovedTemplates } from './templates';
import { toConversationView, toMessageView } from './views';
import { canSendFreeForm, isFreeForm, WINDOW_CLOSED_MESSAGE } from './window';

type IdParams = { Params: { id: string } };
type RetryParams = { Params: { id: string; messageId: string } };

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
    const channel = { db, config };

    /** The conversation to send to, refusing early what cannot be sent (no connection, closed window). */
    async function sendTarget(request: FastifyRequest<IdParams>, freeForm: boolean) {
      const { accountId } = requireAuth(request);
      const { conversation } = await getConversation(db, accountId, request.params.id);
      await requireConnection(channel, accountId);
      if (freeForm && !canSendFreeForm(conversation.lastIncomingAt)) throw new HttpError(422, WINDOW_CLOSED_MESSAGE);
      return { accountId, conversation };
    }

    async function replyTarget(accountId: string, conversation: ConversationRow, replyTo: string | undefined): Promise<string | null> {
      if (!replyTo) return null;
      if (!isUuid(replyTo)) throw badRequest('Reply to must be the id of a message of this conversation');
      const [quoted] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.id, replyTo), eq(messages.conversationId, conversation.id), eq(messages.accountId, accountId)))
        .limit(1);
      if (!quoted) throw badRequest('Reply to must be the id of a message of this conversation');
      return quoted.id;
    }

    async function send(accountId: string, conversation: ConversationRow, message: NewOutgoingMessage): Promise<MessageRow> {
      const row = await createOutgoingMessage(db, jobs, accountId, conversation.id, message);
      void events.emit(row.id);
      return row;
    }

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

    app.post<IdParams>('/api/conversations/:id', userRoute, async (request, reply) => {
      const body = parseBody(textBody, request.body);
      const { accountId, conversation } = await sendTarget(request, true);
      const replyToId = await replyTarget(accountId, conversation, body.replyTo);
      const row = await send(accountId, conversation, { type: 'text', content: { text: body.text }, replyToId });
      return reply.status(201).send(toMessageView(row, links));
    });

    app.post<IdParams>('/api/conversations/:id/location', userRoute, async (request, reply) => {
      const body = parseBody(locationBody, request.body);
      const { accountId, conversation } = await sendTarget(request, true);
      const replyToId = await replyTarget(accountId, conversation, body.replyTo);
      const location = { latitude: body.latitude, longitude: body.longitude, name: body.name, ...(body.address ? { address: body.address } : {}) };
      const row = await send(accountId, conversation, { type: 'location', content: { location }, replyToId });
      return reply.status(201).send(toMessageView(row, links));
    });

    app.post<IdParams>('/api/conversations/:id/template', userRoute, async (request, reply) => {
      const body = parseBody(templateBody, request.body);
      const { accountId, conversation } = await sendTarget(request, false);
      const replyToId = await replyTarget(accountId, conversation, body.replyTo);
      const template = { name: body.name, language: body.language };
      const row = await send(accountId, conversation, { type: 'template', content: { template }, replyToId });
      return reply.status(201).send(toMessageView(row, links));
    });

    app.post<IdParams>('/api/conversations/:id/asset', userRoute, async (request, reply) => {
      const body = parseBody(assetBody, request.body);
      const { accountId, conversation } = await sendTarget(request, true);
      const replyToId = await replyTarget(accountId, conversation, body.replyTo);
      const asset = await getAssetForSending(db, accountId, body.id);
      let animated = false;
      if (asset.mimeType === 'image/webp') {
        const head: Buffer[] = [];
        for await (const chunk of await storage.get(asset.storageKey)) {
          head.push(Buffer.from(chunk as Buffer));
          break;
        }
        animated = isAnimatedWebp(Buffer.concat(head));
      }
      const verdict = checkWhatsAppMedia({ mimeType: asset.mimeType, size: asset.size, fileName: asset.fileName, animated });
      if (!verdict.ok) throw new HttpError(verdict.status === 415 ? 415 : 422, verdict.message);
      const row = await send(accountId, conversation, {
        type: verdict.kind,
        content: {
          mimeType: asset.mimeType,
          fileName: asset.fileName,
          size: asset.size,
          assetId: asset.id,
          ...(body.caption ? { caption: body.caption } : {}),
        },
        storageKey: asset.storageKey,
        replyToId,
      });
      return reply.status(201).send(toMessageView(row, links));
    });

    app.post<IdParams>('/api/conversations/:id/flow', userRoute, async (request, reply) => {
      const body = parseBody(flowBody, request.body);
      const { accountId, conversation } = await sendTarget(request, true);
      const replyToId = await replyTarget(accountId, conversation, body.replyTo);
      const flow = await getFlowForSending(db, accountId, body.flowId);
      const interactive = {
        type: 'flow',
        name: flow.name,
        flowId: flow.id,
        metaFlowId: flow.metaFlowId,
        header: flow.header,
        body: flow.body,
        footer: flow.footer,
        ctaText: flow.ctaText,
      };
      const row = await send(accountId, conversation, { type: 'interactive', content: { interactive, text: flow.body ?? flow.name }, replyToId });
      return reply.status(201).send(toMessageView(row, links));
    });

    // Multipart lives in its own scope with the media limits (WhatsApp's largest: 100 MB documents).
    await app.register(async (uploads) => {
      if (!uploads.hasContentTypeParser('multipart/form-data')) {
        await uploads.register(multipart, { limits: { files: 1, fileSize: LARGEST_MEDIA_BYTES, fields: 5, parts: 8 } });
      }
      uploads.post<IdParams>('/api/conversations/:id/media', userRoute, async (request, reply) => {
        const { accountId, conversation } = await sendTarget(request, true);
        const upload = await readMediaUpload(request);
        const replyToId = await replyTarget(accountId, conversation, upload.replyTo);
        const key = `accounts/${accountId}/messages/${crypto.randomUUID()}${extensionFor(upload.mimeType)}`;
        await storage.put(key, upload.bytes, { contentType: upload.mimeType, size: upload.bytes.length });
        const row = await send(accountId, conversation, {
          type: upload.kind,
          content: {
            mimeType: upload.mimeType,
            fileName: upload.fileName,
            size: upload.bytes.length,
            ...(upload.caption ? { caption: upload.caption } : {}),
          },
          storageKey: key,
          replyToId,
        });
        return reply.status(201).send(toMessageView(row, links));
      });
    });

    app.post<RetryParams>('/api/conversations/:id/messages/:messageId/retry', userRoute, async (request) => {
      const { accountId } = requireAuth(request);
      const { conversation } = await getConversation(db, accountId, request.params.id);
      const message = await getMessageOf(db, accountId, conversation.id, request.params.messageId);
      if (message.direction !== 'outgoing' || message.status !== 'failed') {
        throw new HttpError(409, 'Only a failed outgoing message can be sent again');
      }
      await requireConnection(channel, accountId);
      if (isFreeForm(message.type) && !canSendFreeForm(conversation.lastIncomingAt)) throw new HttpError(422, WINDOW_CLOSED_MESSAGE);
      const row = await queueRetry(db, jobs, accountId, message);
      if (!row) throw new HttpError(409, 'Only a failed outgoing message can be sent again');
      void events.emit(row.id);
      return toMessageView(row, links);
    });

    app.get('/api/account/templates', userRoute, async (request) => {
      const { accountId } = requireAuth(request);
      return listApprovedTemplates(channel, accountId);
    });

    const serveMessageFile = async (request: FastifyRequest, reply: Parameters<typeof sendStoredFile>[1], message: MessageRow | undefined) => {
      if (!message?.storageKey) throw notFound('This message has no file (yet)');
      const mimeType = message.content.mimeType ?? 'application/octet-stream';
      return sendStoredFile(request, reply, storage, {
        key: message.storageKey,
        contentType: mimeType,
        fileName: message.content.fileName ?? `${message.type}${extensionFor(mimeType)}`,
      });
    };

    const messageById = async (id: string, accountId?: string) =>
      isUuid(id)
        ? (
            await db
              .select()
              .from(messages)
              .where(accountId ? and(eq(messages.id, id), eq(messages.accountId, accountId)) : eq(messages.id, id))
              .limit(1)
          )[0]
        : undefined;

    app.get<IdParams>('/api/messages/:id/media', userRoute, async (request, reply) => {
      const { accountId } = requireAuth(request);
      return serveMessageFile(request, reply, await messageById(request.params.id, accountId));
    });

    app.get<IdParams & { Querystring: { expires?: string; signature?: string } }>(
      '/api/files/messages/:id',
      { config: { access: 'public' } },
      async (request, reply) => {
        if (!links.verify(request.params.id, request.query.expires, request.query.signature)) {
          throw new HttpError(403, 'This file link is invalid or has expired');
        }
        return serveMessageFile(request, reply, await messageById(request.params.id));
      },
    );
  },
};
