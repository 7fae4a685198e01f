/**
 * Sends a stored file the safe way: its detected content type, `X-Content-Type-Options: nosniff`, inline only
 * for image, video and audio (anything else downloads as an attachment, so no stored document renders in our
 * origin), a sandboxing CSP in case one is opened directly, and byte ranges so videos can seek.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from '../../storage/storage';
import { describedError } from './described-error';

export interface StoredFileAnswer {
  key: string;
  contentType: string;
  fileName: string;
  cacheControl?: string;
}

const INLINE_TYPES = /^(image|video|audio)\//;

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266), or inline for media. */
export function contentDisposition(contentType: string, fileName: string): string {
  const type = INLINE_TYPES.test(contentType) ? 'inline' : 'attachment';
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  file: StoredFileAnswer,
): Promise<FastifyReply> {
  const textual = file.contentType.startsWith('text/');
  reply.headers({
    'content-type': textual ? `${file.contentType}; charset=utf-8` : file.contentType,
    'x-content-type-options': 'nosniff',
    'content-disposition': contentDisposition(file.contentType, file.fileName),
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': file.cacheControl ?? 'private, max-age=86400',
    'accept-ranges': 'bytes',
  });

  let size: number;
  let filePath: string;
  try {
    filePath = storage.path(file.key);
    size = (await fs.stat(filePath)).size;
  } catch {
    throw describedError(404, 'File not found');
  }

  const range = parseRange(request.headers.range, size);
  if (range === 'invalid') {
    return reply
      .status(416)
      .header('content-range', `bytes */${size}`)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ message: 'Range not satisfiable' });
  }
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', String(range.end - range.start + 1));
    return reply.send(request.method === 'HEAD' ? undefined : createReadStream(filePath, range));
  }
  reply.header('content-length', String(size));
  return reply.send(request.method === 'HEAD' ? undefined : createReadStream(filePath));
}
