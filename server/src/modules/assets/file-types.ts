/**
 * What an uploaded file really is, from its bytes (magic-bytes.js), never from its name or the client's
 * Content-Type. Only kinds we can serve safely and WhatsApp can carry are accepted: images, video, audio, PDF,
 * Office/OpenDocument documents and plain text. HTML, SVG, XML, scripts, executables and archives are refused:
 * served from our origin they could run in it.
 */
import { filetypeinfo } from 'magic-bytes.js';

export type AssetKind = 'image' | 'video' | 'audio' | 'document';

export interface DetectedType {
  mimeType: string;
  kind: AssetKind;
}

const BY_TYPENAME: Record<string, DetectedType> = {
  png: { mimeType: 'image/png', kind: 'image' },
  jpg: { mimeType: 'image/jpeg', kind: 'image' },
  gif: { mimeType: 'image/gif', kind: 'image' },
  webp: { mimeType: 'image/webp', kind: 'image' },
  avif: { mimeType: 'image/avif', kind: 'image' },
  mov: { mimeType: 'video/quicktime', kind: 'video' },
  mp3: { mimeType: 'audio/mpeg', kind: 'audio' },
  aac: { mimeType: 'audio/aac', kind: 'audio' },
  wav: { mimeType: 'audio/wav', kind: 'audio' },
  flac: { mimeType: 'audio/flac', kind: 'audio' },
  ogx: { mimeType: 'audio/ogg', kind: 'audio' },
  pdf: { mimeType: 'application/pdf', kind: 'document' },
};

/** Office files share two containers (OLE compound file, ZIP): the extension picks which document it is. */
const OLE_DOCUMENTS: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const ZIP_DOCUMENTS: Record<string, { mimeType: string; marker: string }> = {
  docx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    marker: '[Content_Types].xml',
  },
  xlsx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    marker: '[Content_Types].xml',
  },
  pptx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    marker: '[Content_Types].xml',
  },
  odt: { mimeType: 'application/vnd.oasis.opendocument.text', marker: 'application/vnd.oasis.opendocument.text' },
  ods: {
    mimeType: 'application/vnd.oasis.opendocument.spreadsheet',
    marker: 'application/vnd.oasis.opendocument.spreadsheet',
  },
  odp: {
    mimeType: 'application/vnd.oasis.opendocument.presentation',
    marker: 'application/vnd.oasis.opendocument.presentation',
  },
};
const TEXT_EXTENSIONS: Record<string, string> = {
  '': 'text/plain',
  txt: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/plain',
  log: 'text/plain',
};

export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName);
  return match ? match[1].toLowerCase() : '';
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The ISO media family (mp4, m4a, 3gp) all look like "mp4" to magic-bytes: the major brand tells them apart. */
function isoMediaType(bytes: Buffer): DetectedType {
  const brand = ascii(bytes, 8, 12);
  if (brand.startsWith('M4A') || brand.startsWith('M4B')) return { mimeType: 'audio/mp4', kind: 'audio' };
  if (brand.startsWith('3gp') || brand.startsWith('3g2')) return { mimeType: 'video/3gpp', kind: 'video' };
  return { mimeType: 'video/mp4', kind: 'video' };
}

/** UTF-8 text without control bytes, and not markup (a leading '<' could be HTML, SVG or XML). */
function looksLikePlainText(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) return false;
  // eslint-disable-next-line no-control-regex -- finding control bytes is the point of this check
  if (/[\u0000-\u0008\u000E-\u001F\u007F]/.test(text)) return false;
  return !text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('<');
}

/** The file's type when it is one we accept, else null. */
export function detectAssetType(bytes: Buffer, fileName: string): DetectedType | null {
  const extension = extensionOf(fileName);
  const names = filetypeinfo(bytes.subarray(0, 4096)).map((guess) => guess.typename);
  const first = names[0];
  if (first === undefined) {
    if (ascii(bytes, 0, 6) === '#!AMR\n') return { mimeType: 'audio/amr', kind: 'audio' };
    const textType = TEXT_EXTENSIONS[extension];
    return textType && looksLikePlainText(bytes) ? { mimeType: textType, kind: 'document' } : null;
  }
  if (first === 'mp4') return isoMediaType(bytes);
  if (names.includes('webm') && ascii(bytes, 0, 64).includes('webm')) return { mimeType: 'video/webm', kind: 'video' };
  if (names.includes('doc')) {
    const mimeType = OLE_DOCUMENTS[extension];
    return mimeType ? { mimeType, kind: 'document' } : null;
  }
  if (first === 'zip') {
    const document = ZIP_DOCUMENTS[extension];
    return document && bytes.includes(document.marker, 0, 'latin1')
      ? { mimeType: document.mimeType, kind: 'document' }
      : null;
  }
  return BY_TYPENAME[first] ?? null;
}

export const kindOfMimeType = (mimeType: string): AssetKind => {
  const top = mimeType.split('/')[0];
  return top === 'image' || top === 'video' || top === 'audio' ? top : 'document';
};
