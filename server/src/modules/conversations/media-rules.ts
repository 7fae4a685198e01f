/**
 * What WhatsApp accepts as media (Cloud API §3 Media, verified limits): the kind a file is sent as follows from
 * its real type (detected from its bytes), and each kind has its own size limit.
 */
export type WhatsAppMediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

const MB = 1024 * 1024;

const DOCUMENT_TYPES = [
  'text/plain',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];

interface KindRule {
  types: string[];
  maxBytes: number;
  /** "images can be at most 5 MB" */
  plural: string;
}

export const WHATSAPP_MEDIA_RULES: Record<WhatsAppMediaKind, KindRule> = {
  image: { types: ['image/jpeg', 'image/png'], maxBytes: 5 * MB, plural: 'images' },
  video: { types: ['video/mp4', 'video/3gpp'], maxBytes: 16 * MB, plural: 'videos' },
  audio: {
    types: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'],
    maxBytes: 16 * MB,
    plural: 'audio files',
  },
  document: { types: DOCUMENT_TYPES, maxBytes: 100 * MB, plural: 'documents' },
  sticker: { types: ['image/webp'], maxBytes: 100 * 1024, plural: 'stickers' },
};

/** Animated stickers may be bigger. */
export const ANIMATED_STICKER_MAX_BYTES = 500 * 1024;

/** The largest file any kind accepts: the upload limit of the media route. */
export const LARGEST_MEDIA_BYTES = Math.max(...Object.values(WHATSAPP_MEDIA_RULES).map((rule) => rule.maxBytes));

export const UNSUPPORTED_MEDIA_HINT =
  'WhatsApp accepts JPEG and PNG images, MP4 and 3GPP videos, AAC, AMR, MP3, M4A and OGG audio, WebP stickers, and PDF, Word, Excel, PowerPoint and plain-text documents.';

export function mediaKindOf(mimeType: string): WhatsAppMediaKind | null {
  const base = mimeType.split(';')[0].trim().toLowerCase();
  for (const [kind, rule] of Object.entries(WHATSAPP_MEDIA_RULES) as Array<[WhatsAppMediaKind, KindRule]>) {
    if (rule.types.includes(base)) return kind;
  }
  return null;
}

/** A WebP with an animation chunk (VP8X header flag or ANIM chunk). */
export function isAnimatedWebp(bytes: Buffer): boolean {
  return bytes.subarray(0, 64).includes('ANIM', 0, 'latin1');
}

const formatSize = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`);

export type MediaVerdict = { ok: true; kind: WhatsAppMediaKind } | { ok: false; status: 413 | 415; message: string };

/** Whether WhatsApp can carry this file, and as what; otherwise the 413/415 answer to give. */
export function checkWhatsAppMedia(file: {
  mimeType: string;
  size: number;
  fileName: string;
  animated?: boolean;
}): MediaVerdict {
  const kind = mediaKindOf(file.mimeType);
  if (!kind) {
    return {
      ok: false,
      status: 415,
      message: `WhatsApp cannot send “${file.fileName}” (${file.mimeType}). ${UNSUPPORTED_MEDIA_HINT}`,
    };
  }
  const rule = WHATSAPP_MEDIA_RULES[kind];
  const limit = kind === 'sticker' && file.animated ? ANIMATED_STICKER_MAX_BYTES : rule.maxBytes;
  if (file.size > limit) {
    const what = kind === 'sticker' && file.animated ? 'animated stickers' : rule.plural;
    return {
      ok: false,
      status: 413,
      message: `“${file.fileName}” is too large for WhatsApp: ${what} can be at most ${formatSize(limit)}.`,
    };
  }
  if (file.size === 0) return { ok: false, status: 415, message: `“${file.fileName}” is empty.` };
  return { ok: true, kind };
}
