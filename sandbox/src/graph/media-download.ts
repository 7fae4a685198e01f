import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import type { MediaUrlSigner } from '../media-store';
import { requireGrant } from './auth';
import { GraphFailure, graphErrors } from './graph-error';
import { sendGraphError } from './routes';

/** The lookaside-style download URL from `GET /{media-id}`: needs the same Bearer token and expires. */
export function registerMediaDownload(app: FastifyInstance, ctx: SandboxContext, signer: MediaUrlSigner): void {
  app.get('/whatsapp_business/attachments/', async (request, reply) => {
    try {
      const grant = requireGrant(ctx.state, request);
      const checked = signer.check(request.query as { mid?: string; ext?: string; hash?: string });
      if (!checked.ok) {
        const message = checked.reason === 'expired' ? 'URL signature expired' : 'Bad URL hash';
        return reply
          .code(checked.reason === 'expired' ? 403 : 404)
          .send(new GraphFailure(checked.reason === 'expired' ? 403 : 404, 100, message).toBody());
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
