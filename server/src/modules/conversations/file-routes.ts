/**
 * The stored file of a message (incoming media once downloaded, outgoing media and assets):
 *   GET /api/messages/{id}/media                      'user', bearer, the caller's account only
 *   GET /api/files/messages/{id}?expires&signature    'public', the signed short-lived link answers carry as
 *                                                     content.url (<img>/<video> cannot send a bearer)
 * Served like asset files: detected type, nosniff, sandboxing CSP, attachment unless image/video/audio, ranges.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../http/access';
import { HttpError, notFound } from '../../http/errors';
import type { AppServices } from '../../services';
import { sendStoredFile } from '../assets/serve-stored-file';
import { isUuid } from '../contacts/paging';
import { extensionFor } from './media-download-job';
import type { MediaLinkSigner } from './media-links';
import { messages, type MessageRow } from './schema';

type IdParams = { Params: { id: string } };

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
}
