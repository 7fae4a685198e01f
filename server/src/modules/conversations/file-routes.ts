/**
 * The stored file of a message (incoming media once downloaded, outgoing media and assets):
 *   GET /api/messages/{id}/media                      'user', bearer, the caller's account only
 *   GET /api/files/messages/{id}?expires&signature    'public', the signed short-lived link answers carry as
 *                                                     content.url (<img>/<video> cannot send a bearer)
 * Served like asset files: detected type, nosniff, sandboxing CSP, attachment unless image/video/audio, ranges.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileBytes, idParams, signedFileQuery } from '@parley/contract';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import { HttpError, notFound } from '../../http/errors';
import type { AppServices } from '../../services';
import { sendStoredFile } from '../assets/serve-stored-file';
import { isUuid } from '../../http/ids';
import { extensionFor } from './media-download-job';
import type { MediaLinkSigner } from './media-links';
import { messages, type MessageRow } from './schema';

export function registerMessageFileRoutes(
  app: FastifyInstance,
  { db, storage }: AppServices,
  links: MediaLinkSigner,
): void {
  const userRoute = { config: { access: 'user' as const } };

  const serveMessageFile = async (
    request: FastifyRequest,
    reply: Parameters<typeof sendStoredFile>[1],
    message: MessageRow | undefined,
  ) => {
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

  const api = typed(app);
  const tags = ['Messages'];
  const fileAnswer = {
    200: { description: "The message's file", content: { '*/*': { schema: fileBytes } } },
    ...refusals,
  };

  api.get(
    '/api/messages/:id/media',
    { ...userRoute, schema: { tags, summary: "A message's stored file", params: idParams, response: fileAnswer } },
    async (request, reply) => {
      const { accountId } = requireAuth(request);
      return serveMessageFile(request, reply, await messageById(request.params.id, accountId));
    },
  );

  api.get(
    '/api/files/messages/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A message's stored file by its signed, short-lived link (content.url)",
        params: idParams,
        querystring: signedFileQuery,
        response: fileAnswer,
      },
    },
    async (request, reply) => {
      if (!links.verify(request.params.id, request.query.expires, request.query.signature)) {
        throw new HttpError(403, 'This file link is invalid or has expired');
      }
      return serveMessageFile(request, reply, await messageById(request.params.id));
    },
  );
}
