/**
 * Reads the media send's multipart body: one `file` (its real type from its bytes, WhatsApp's per-kind size
 * limit enforced), optional `caption` and `replyTo` fields.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { containsNul, NUL_MESSAGE } from '../../http/nul-guard';
import { detectAssetType } from '../assets/file-types';
import { cleanFileName } from '../assets/read-upload';
import { checkWhatsAppMedia, isAnimatedWebp, LARGEST_MEDIA_BYTES, type WhatsAppMediaKind } from './media-rules';
import { MAX_CAPTION } from '@parley/contract';

export interface MediaUpload {
  kind: WhatsAppMediaKind;
  bytes: Buffer;
  mimeType: string;
  fileName: string;
  caption?: string;
  replyTo?: string;
}

const errorCode = (error: unknown) => (error as { code?: string } | null)?.code;

export async function readMediaUpload(request: FastifyRequest): Promise<MediaUpload> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data in a field named "file"');
  let file: { bytes: Buffer; fileName: string } | undefined;
  const fields: Record<string, string> = {};
  let current = 'file';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        current = cleanFileName(part.filename);
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer().catch(() => undefined);
          throw new HttpError(400, 'Send exactly one file, in a field named "file"');
        }
        file = { bytes: await part.toBuffer(), fileName: current };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(
        413,
        `“${current}” is too large for WhatsApp: files can be at most ${LARGEST_MEDIA_BYTES / (1024 * 1024)} MB (documents), less for other kinds.`,
      );
    }
    if (['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT'].includes(errorCode(error) ?? '')) {
      throw new HttpError(400, 'Send one file with at most a caption and a replyTo field');
    }
    throw error;
  }
  if (!file) throw new HttpError(400, 'Choose a file to send (field "file")');
  // The fields come from the multipart parser, after the NUL guard's hook (http/nul-guard.ts): checked here.
  if (containsNul(fields)) throw new HttpError(400, NUL_MESSAGE);
  const caption = fields.caption?.trim();
  if (caption && [...caption].length > MAX_CAPTION)
    throw new HttpError(400, `Caption is too long (at most ${MAX_CAPTION} characters)`);
  const detected = detectAssetType(file.bytes, file.fileName);
  const mimeType = detected?.mimeType ?? 'application/octet-stream';
  const verdict = checkWhatsAppMedia({
    mimeType,
    size: file.bytes.length,
    fileName: file.fileName,
    animated: mimeType === 'image/webp' && isAnimatedWebp(file.bytes),
  });
  if (!verdict.ok) throw new HttpError(verdict.status, verdict.message);
  return {
    kind: verdict.kind,
    bytes: file.bytes,
    mimeType,
    fileName: file.fileName,
    ...(caption ? { caption } : {}),
    ...(fields.replyTo?.trim() ? { replyTo: fields.replyTo.trim() } : {}),
  };
}
