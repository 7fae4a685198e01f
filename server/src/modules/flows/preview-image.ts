/**
 * Flow previews are kept in our storage and served from our origin: the page's CSP allows images only from
 * ourselves, Meta's preview links expire, and Meta's link is a web page, not an image. Only real images
 * (checked from the bytes) are kept.
 */
import { detectAssetType } from '../assets/file-types';

const MAX_PREVIEW_BYTES = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5000;

export async function downloadPreviewImage(url: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  if (!response.ok || !response.body) return null;
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_PREVIEW_BYTES) return null;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > MAX_PREVIEW_BYTES) return null;
    chunks.push(Buffer.from(chunk));
  }
  const bytes = Buffer.concat(chunks);
  const type = detectAssetType(bytes, 'preview');
  return type?.kind === 'image' ? { bytes, contentType: type.mimeType } : null;
}
