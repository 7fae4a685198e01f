import { samplePng } from '../pages/png';

/** Small stand-in files a customer can send without picking one. */
export function sampleMedia(kind: 'image' | 'video' | 'audio' | 'voice' | 'document' | 'sticker'): {
  bytes: Buffer;
  mimeType: string;
  fileName?: string;
} {
  switch (kind) {
    case 'image':
      return { bytes: samplePng(), mimeType: 'image/png', fileName: 'sample.png' };
    case 'video':
      return {
        bytes: Buffer.concat([
          Buffer.from([0, 0, 0, 0x18]),
          Buffer.from('ftypmp42'),
          Buffer.alloc(12),
          Buffer.from('sandbox video'),
        ]),
        mimeType: 'video/mp4',
      };
    case 'audio':
      return {
        bytes: Buffer.concat([Buffer.from('ID3'), Buffer.alloc(29), Buffer.from('sandbox audio')]),
        mimeType: 'audio/mpeg',
      };
    case 'voice':
      return {
        bytes: Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('OpusHead sandbox voice note')]),
        mimeType: 'audio/ogg; codecs=opus',
      };
    case 'document':
      return {
        bytes: Buffer.from(
          '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
        ),
        mimeType: 'application/pdf',
        fileName: 'sample.pdf',
      };
    case 'sticker':
      return {
        bytes: Buffer.concat([
          Buffer.from('RIFF'),
          Buffer.from([26, 0, 0, 0]),
          Buffer.from('WEBPVP8L'),
          Buffer.alloc(14),
        ]),
        mimeType: 'image/webp',
      };
  }
}
