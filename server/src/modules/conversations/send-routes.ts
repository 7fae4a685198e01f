/**
 * The send routes (docs/api.md, Conversations), all 'user': text, location, template, asset, flow, media
 * (multipart) and the retry of a failed message. Each refuses early what cannot be sent (no WhatsApp connection,
 * the 24-hour window closed for a free-form message), stores the message as pending with its send job, answers
 * 201 with it, and announces it on the socket. Also the read receipt of an open conversation (read-receipts.ts).
 */
import {
  assetMessageBody,
  canSendFreeForm,
  fileBytes,
  flowMessageBody,
  idParams,
  isFreeForm,
  locationMessageBody,
  message,
  messageRetryParams,
  templateMessageBody,
  textMessageBody,
  WINDOW_CLOSED_MESSAGE,
  ERROR_TEXTS,
} from '@parley/contract';
import crypto from 'node:crypto';
import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../http/access';
import { documentedOnly, refusals, typed } from '../../http/api-reference';
import { badRequest, HttpError } from '../../http/errors';
import type { AppServices } from '../../services';
import { getAssetForSending } from '../assets/service';
import { isUuid } from '../../http/ids';
import { getFormForSending } from '../forms/service';
import { requireConnectionForSending } from './connection';
import type { MessageEvents } from './events';
import { extensionFor } from './media-download-job';
import type { MediaLinkSigner } from './media-links';
import { checkWhatsAppMedia, isAnimatedWebp, LARGEST_MEDIA_BYTES } from './media-rules';
import { createOutgoingMessage, queueRetry, type NewOutgoingMessage } from './outbound';
import { getConversation, getMessageOf } from './queries';
import { readMediaUpload } from './read-media-upload';
import { registerReadReceipts } from './read-receipts';
import { templateToSend } from './template-send';
import { messages, type ConversationRow, type MessageRow } from './schema';
import { toMessageView } from './views';

type IdParams = { Params: { id: string } };

/** Multipart, read and checked by the handler (read-media-upload.ts). */
const mediaBody = documentedOnly(
  z.object({ file: fileBytes, caption: z.string().optional(), replyTo: z.string().optional() }),
);
const sent = { 201: message, ...refusals };
const tags = ['Messages'];

/** A send route's schema: the conversation in the path, `body`, answered 201 with the stored message. */
const sendSchema = <B extends z.ZodType>(summary: string, body: B) =>
  ({ tags, summary, params: idParams, body, response: sent }) as const;

export async function registerSendRoutes(
  app: FastifyInstance,
  { db, config, storage, jobs, realtime }: AppServices,
  events: MessageEvents,
  links: MediaLinkSigner,
): Promise<void> {
  registerReadReceipts(app, { db, config, jobs, realtime, log: app.log });
  const api = typed(app);
  const userRoute = { config: { access: 'user' as const } };
  const channel = { db, config };

  /** The conversation to send to, refusing early what cannot be sent (no connection, closed window). */
  async function sendTarget(request: FastifyRequest<IdParams>, freeForm: boolean) {
    const { accountId, userId } = requireAuth(request);
    const { conversation } = await getConversation(db, accountId, request.params.id);
    await requireConnectionForSending(channel, accountId);
    if (freeForm && !canSendFreeForm(conversation.lastIncomingAt)) throw new HttpError(422, WINDOW_CLOSED_MESSAGE);
    return { accountId, conversation, userId };
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
    sentByUserId: string,
    message: NewOutgoingMessage,
  ): Promise<MessageRow> {
    const row = await createOutgoingMessage(db, jobs, accountId, conversation.id, { ...message, sentByUserId });
    void events.emit(row.id);
    return row;
  }

  api.post(
    '/api/conversations/:id',
    {
      ...userRoute,
      schema: sendSchema("Send a text (free-form: within 24 hours of the customer's last message)", textMessageBody),
    },
    async (request, reply) => {
      const body = request.body;
      const { accountId, conversation, userId } = await sendTarget(request, true);
      const replyToId = await replyTarget(accountId, conversation, body.replyTo);
      const row = await send(accountId, conversation, userId, {
        type: 'text',
        content: { text: body.text },
        replyToId,
      });
      return reply.status(201).send(toMessageView(row, links));
    },
  );

  api.post(
    '/api/conversations/:id/location',
    { ...userRoute, schema: sendSchema('Send a location (free-form)', locationMessageBody) },
    async (request, reply) => {
      const body = request.body;
      const { accountId, conversation, userId } = await sendTarget(request, true);
      const replyToId = await replyTarget(accountId, conversation, body.replyTo);
      const location = {
        latitude: body.latitude,
        longitude: body.longitude,
        name: body.name,
        ...(body.address ? { address: body.address } : {}),
      };
      const row = await send(accountId, conversation, userId, { type: 'location', content: { location }, replyToId });
      return reply.status(201).send(toMessageView(row, links));
    },
  );

  api.post(
    '/api/conversations/:id/template',
    {
      ...userRoute,
      schema: sendSchema('Send an approved template (also outside the 24-hour window)', templateMessageBody),
    },
    async (request, reply) => {
      const body = request.body;
      const { accountId, conversation, userId } = await sendTarget(request, false);
      const replyToId = await replyTarget(accountId, conversation, body.replyTo);
      const template = await templateToSend({ db, config }, accountId, body);
      const row = await send(accountId, conversation, userId, { type: 'template', content: template, replyToId });
      return reply.status(201).send(toMessageView(row, links));
    },
  );

  api.post(
    '/api/conversations/:id/asset',
    { ...userRoute, schema: sendSchema('Send a library asset (free-form)', assetMessageBody) },
    async (request, reply) => {
      const body = request.body;
      const { accountId, conversation, userId } = await sendTarget(request, true);
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
      const row = await send(accountId, conversation, userId, {
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
    },
  );

  api.post(
    '/api/conversations/:id/flow',
    { ...userRoute, schema: sendSchema('Send a form (WhatsApp Flow; free-form)', flowMessageBody) },
    async (request, reply) => {
      const body = request.body;
      const { accountId, conversation, userId } = await sendTarget(request, true);
      const replyToId = await replyTarget(accountId, conversation, body.replyTo);
      const flow = await getFormForSending(db, accountId, body.flowId);
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
      const row = await send(accountId, conversation, userId, {
        type: 'interactive',
        content: { interactive, text: flow.body ?? flow.name },
        replyToId,
      });
      return reply.status(201).send(toMessageView(row, links));
    },
  );

  // Multipart lives in its own scope with the media limits (WhatsApp's largest: 100 MB documents).
  await app.register(async (uploads) => {
    if (!uploads.hasContentTypeParser('multipart/form-data')) {
      await uploads.register(multipart, { limits: { files: 1, fileSize: LARGEST_MEDIA_BYTES, fields: 5, parts: 8 } });
    }
    typed(uploads).post(
      '/api/conversations/:id/media',
      {
        ...userRoute,
        schema: {
          ...sendSchema(
            'Send an uploaded file (multipart: `file`, optional `caption` and `replyTo`; free-form)',
            mediaBody,
          ),
          consumes: ['multipart/form-data'],
        },
      },
      async (request, reply) => {
        const { accountId, conversation, userId } = await sendTarget(request, true);
        const upload = await readMediaUpload(request);
        const replyToId = await replyTarget(accountId, conversation, upload.replyTo);
        const key = `accounts/${accountId}/messages/${crypto.randomUUID()}${extensionFor(upload.mimeType)}`;
        await storage.put(key, upload.bytes, { contentType: upload.mimeType, size: upload.bytes.length });
        const row = await send(accountId, conversation, userId, {
          type: upload.kind,
          content: {
            mimeType: upload.mimeType,
            fileName: upload.fileName,
            size: upload.bytes.length,
            ...(upload.caption ? { caption: upload.caption } : {}),
          },
          storageKey: key,
          replyToId,
        }).catch(async (error: unknown) => {
          // No message row points at the file: a failed send leaves nothing behind.
          await storage.delete(key).catch(() => undefined);
          throw error;
        });
        return reply.status(201).send(toMessageView(row, links));
      },
    );
  });

  api.post(
    '/api/conversations/:id/messages/:messageId/retry',
    {
      ...userRoute,
      schema: {
        tags,
        summary: 'Send a failed outgoing message again',
        params: messageRetryParams,
        response: { 200: message, ...refusals },
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      const { conversation } = await getConversation(db, accountId, request.params.id);
      const message = await getMessageOf(db, accountId, conversation.id, request.params.messageId);
      if (message.direction !== 'outgoing' || message.status !== 'failed') {
        throw new HttpError(409, ERROR_TEXTS.only_failed_resend);
      }
      await requireConnectionForSending(channel, accountId);
      if (isFreeForm(message.type) && !canSendFreeForm(conversation.lastIncomingAt))
        throw new HttpError(422, WINDOW_CLOSED_MESSAGE);
      const row = await queueRetry(db, jobs, accountId, message);
      if (!row) throw new HttpError(409, ERROR_TEXTS.only_failed_resend);
      void events.emit(row.id);
      return toMessageView(row, links);
    },
  );
}
