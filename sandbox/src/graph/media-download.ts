import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxContext } from '../context';
import type { MediaUrlSigner } from '../media-store';
import { requireGrant } from './auth';
import { graphErrors } from './graph-error';
import { sendGraphError } from './routes';

/**
 * Agents Meta's media host refuses: none, or a library's default (Node's fetch sends "node" or "undici").
 * Independent clients report downloads failing until they set their own User-Agent (the whatsapp-api-js,
 * C# and Node SDK issues cited in docs/whatsapp.md).
 */
export function isDefaultUserAgent(userAgent: string | undefined): boolean {
  const agent = (userAgent ?? '').trim();
  return agent === '' || /^(node|undici)(\/|$)/i.test(agent) || /^node-fetch\b/i.test(agent);
}

const htmlPage = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

/** Like some CDNs do: an error page served with 200, so only a client that checks the type notices. */
const sendHtml = (reply: FastifyReply, status: number, title: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(htmlPage(title));

/**
 * The lookaside-style download URL from `GET /{media-id}` ("Download media" in Meta's Media reference): needs the
 * same Bearer token and a real User-Agent, and expires after a few minutes.
 */
export function registerMediaDownload(app: FastifyInstance, ctx: SandboxContext, signer: MediaUrlSigner): void {
  app.get('/whatsapp_business/attachments/', async (request, reply) => {
    try {
      if (isDefaultUserAgent(request.headers['user-agent'])) return sendHtml(reply, 403, 'Forbidden');
      const grant = requireGrant(ctx.state, request);
      const checked = signer.check(request.query as { mid?: string; ext?: string; hash?: string });
      if (!checked.ok) {
        if (checked.reason === 'expired') return sendHtml(reply, 200, 'URL signature expired');
        return sendHtml(reply, 404, 'Bad URL hash');
      }
      const record = ctx.state.media.get(checked.mediaId);
      const phone = record ? ctx.state.phoneNumbers.get(record.phoneNumberId) : undefined;
      if (!record || record.deleted || !phone || !grant.wabaIds.has(phone.wabaId))
        throw graphErrors.unknownObject(checked.mediaId);
      return reply
        .type(record.mimeType)
        .header('content-length', record.bytes.length)
        .header(
          'content-disposition',
          `attachment${record.fileName ? `; filename="${record.fileName.replace(/"/g, '')}"` : ''}`,
        )
        .send(record.bytes);
    } catch (error) {
      return sendGraphError(reply, error);
    }
  });
}
