import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { newNumericId } from './ids';
import type { MediaRecord, SandboxState } from './state';

/** WhatsApp's accepted media types and their size limits (bytes). */
export const mediaLimits: Record<string, number> = {
  'image/jpeg': 5 * 1024 * 1024,
  'image/png': 5 * 1024 * 1024,
  'video/mp4': 16 * 1024 * 1024,
  'video/3gpp': 16 * 1024 * 1024,
  'audio/aac': 16 * 1024 * 1024,
  'audio/amr': 16 * 1024 * 1024,
  'audio/mpeg': 16 * 1024 * 1024,
  'audio/mp4': 16 * 1024 * 1024,
  'audio/ogg': 16 * 1024 * 1024,
  'text/plain': 100 * 1024 * 1024,
  'application/pdf': 100 * 1024 * 1024,
  'application/msword': 100 * 1024 * 1024,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 100 * 1024 * 1024,
  'application/vnd.ms-excel': 100 * 1024 * 1024,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 100 * 1024 * 1024,
  'application/vnd.ms-powerpoint': 100 * 1024 * 1024,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 100 * 1024 * 1024,
  'image/webp': 500 * 1024,
};

export function baseMimeType(mimeType: string): string {
  return mimeType.split(';')[0].trim().toLowerCase();
}

export function storeMedia(
  state: SandboxState,
  phoneNumberId: string,
  bytes: Buffer,
  mimeType: string,
  fileName?: string,
): MediaRecord {
  const record: MediaRecord = {
    id: newNumericId(),
    phoneNumberId,
    bytes,
    mimeType,
    sha256: createHash('sha256').update(bytes).digest('base64'),
    ...(fileName ? { fileName } : {}),
    createdAt: Date.now(),
    deleted: false,
  };
  state.media.set(record.id, record);
  return record;
}

/** Signs media download URLs so they can expire like lookaside.fbsbx.com links (~5 minutes). */
export class MediaUrlSigner {
  private readonly key = randomBytes(32);

  constructor(
    private readonly publicUrl: string,
    private readonly ttlMs: number,
  ) {}

  urlFor(record: MediaRecord): string {
    const expires = String(Math.floor((Date.now() + this.ttlMs) / 1000));
    return `${this.publicUrl}/whatsapp_business/attachments/?mid=${record.id}&ext=${expires}&hash=${this.hash(record.id, expires)}`;
  }

  /** Returns the media id when the link is genuine and unexpired. */
  check(query: {
    mid?: string;
    ext?: string;
    hash?: string;
  }): { ok: true; mediaId: string } | { ok: false; reason: 'invalid' | 'expired' } {
    if (!query.mid || !query.ext || !query.hash) return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.hash(query.mid, query.ext));
    const given = Buffer.from(query.hash);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
    if (Number(query.ext) * 1000 <= Date.now()) return { ok: false, reason: 'expired' };
    return { ok: true, mediaId: query.mid };
  }

  private hash(mediaId: string, expires: string): string {
    return createHmac('sha256', this.key).update(`${mediaId}:${expires}`).digest('base64url');
  }
}
