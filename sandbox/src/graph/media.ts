import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { baseMimeType, mediaLimits, storeMedia, type MediaUrlSigner } from '../media-store';
import type { MediaRecord, PhoneNumber, TokenGrant } from '../state';
import { graphErrors } from './graph-error';

/** `POST /{phone-number-id}/media` (multipart: messaging_product, file, type) → `{ id }`. */
export async function handleUpload(ctx: SandboxContext, phone: PhoneNumber, request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) throw graphErrors.invalidParameter('Media upload must be multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; mimeType: string; fileName: string } | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file') file = { bytes, mimeType: part.mimetype, fileName: part.filename };
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  if (fields.messaging_product !== 'whatsapp') throw graphErrors.paramRequired('messaging_product');
  if (!file) throw graphErrors.paramRequired('file');
  const mimeType = baseMimeType(fields.type || file.mimeType);
  const limit = mediaLimits[mimeType];
  if (limit === undefined)
    throw graphErrors.mediaUpload(
      `Param file must be a file with one of the following types: ${Object.keys(mediaLimits).join(', ')}. Received file of type '${mimeType}'.`,
    );
  if (file.bytes.length === 0) throw graphErrors.mediaUpload('The uploaded file is empty.');
  if (file.bytes.length > limit)
    throw graphErrors.mediaUpload(
      `Media file size ${file.bytes.length} bytes is over the ${limit} bytes limit for ${mimeType}.`,
    );
  const record = storeMedia(ctx.state, phone.id, file.bytes, mimeType, file.fileName);
  return { id: record.id };
}

export function mediaAccessible(ctx: SandboxContext, grant: TokenGrant, record: MediaRecord): boolean {
  const phone = ctx.state.phoneNumbers.get(record.phoneNumberId);
  return !record.deleted && !!phone && grant.wabaIds.has(phone.wabaId);
}

/** `GET /{media-id}` → a download URL on the sandbox valid for mediaUrlTtlMs. */
export function describeMedia(record: MediaRecord, signer: MediaUrlSigner): unknown {
  return {
    messaging_product: 'whatsapp',
    url: signer.urlFor(record),
    mime_type: record.mimeType,
    sha256: record.sha256,
    file_size: record.bytes.length,
    id: record.id,
  };
}
