/**
 * The send routes (docs/api.md, Conversations), all 'user': text, location, template, asset, flow, media
 * (multipart) and the retry of a failed message. Each refuses early what cannot be sent (no WhatsApp connection,
 * the 24-hour window closed for a free-form message), stores the message as pending with its send job, answers
 * 201 with it, and announces it on the socket.
 */
import crypto from 'node:crypto';
import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../http/access';
import { badRequest, HttpError } from '../../http/errors';
import { parseBody } from '../../http/validation';
import type { AppServices } from '../../services';
import { getAssetForSending } from '../assets/service';
import { isUuid } from '../contacts/paging';
import { getFlowForSending } from '../flows/service';
import { requireConnection } from './connection';
import type { MessageEvents } from './events';
import { assetBody, flowBody, locationBody, templateBody, textBody } from './inputs';
import { extensionFor } from './media-download-job';
import type { MediaLinkSigner } from './media-links';
import { checkWhatsAppMedia, isAnimatedWebp, LARGEST_MEDIA_BYTES } from './media-rules';
import { createOutgoingMessage, queueRetry, type NewOutgoingMessage } from './outbound';
import { getConversation, getMessageOf } from './queries';
import { readMediaUpload } from './read-media-upload';
import { messages, type ConversationRow, type MessageRow } from './schema';
import { toMessageView } from './views';
import { canSendFreeForm, isFreeForm, WINDOW_CLOSED_MESSAGE } from './window';

type IdParams = { Params: { id: string } };
type RetryParams = { Params: { id: string; messageId: string } };

export async function registerSendRoutes(
  app: FastifyInstance,
  { db, config, storage, jobs }: AppServices,
  events: MessageEvents,
  links: MediaLinkSigner,
): Promise<void> {
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

  async function replyTarget(
    accountId: string,
    conversation: ConversationRow,
    replyTo: string | undefined,
  ): Promise<string | null> {
    if (!replyTo) return null;
    if (!isUuid(replyTo)) throw badRequest('Reply to must be the id of a message of this conversation');
    const [quoted] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(eq(messages.id, replyTo), eq(messages.conversationId, conversation.id), eq(messages.accountId, accountId)),
      )
      .limit(1);
    if (!quoted) throw badRequest('Reply to must be the id of a message of this conversation');
    return quoted.id;
  }

  async function send(
    accountId: string,
    conversation: ConversationRow,
    message: NewOutgoingMessage,
  ): Promise<MessageRow> {
    const row = await createOutgoingMessage(db, jobs, accountId, conversation.id, message);
    void events.emit(row.id);
    return row;
  }

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
    const location = {
      latitude: body.latitude,
      longitude: body.longitude,
      name: body.name,
      ...(body.address ? { address: body.address } : {}),
    };
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
    const verdict = checkWhatsAppMedia({
      mimeType: asset.mimeType,
      size: asset.size,
      fileName: asset.fileName,
      animated,
    });
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
    const row = await send(accountId, conversation, {
      type: 'interactive',
      content: { interactive, text: flow.body ?? flow.name },
      replyToId,
    });
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
    if (isFreeForm(message.type) && !canSendFreeForm(conversation.lastIncomingAt))
      throw new HttpError(422, WINDOW_CLOSED_MESSAGE);
    const row = await queueRetry(db, jobs, accountId, message);
    if (!row) throw new HttpError(409, 'Only a failed outgoing message can be sent again');
    void events.emit(row.id);
    return toMessageView(row, links);
  });
}
