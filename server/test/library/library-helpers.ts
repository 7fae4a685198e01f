/** Helpers for the library API tests: multipart uploads and sample files made on the spot. */
import sharp from 'sharp';
import type { TestServer } from '../helpers/test-server';

/** The library tests' cast, signed in: Olga (an owner), an agent of her account, and another account's owner. */
export async function ownerAgentAndOther(server: TestServer) {
  const owner = await server.signedInOwner({ fullName: 'Olga Owner' });
  const agentToken = (await server.signedInAgent({ accountId: owner.accountId })).token;
  const otherOwnerToken = (await server.signedInOwner({ fullName: 'Other Owner' })).token;
  return { owner, ownerToken: owner.token, agentToken, otherOwnerToken };
}

export interface UploadFile {
  name: string;
  bytes: Buffer;
  /** What the client claims; the server must not trust it. */
  type?: string;
}

export async function uploadAssets(
  server: TestServer,
  token: string | undefined,
  files: UploadFile[],
  field = 'files',
) {
  const form = new FormData();
  for (const file of files) {
    form.append(
      field,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const response = await fetch(`${server.url}/api/account/assets`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: response.status, body, headers: response.headers };
}

export const pngImage = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 18, g: 140, b: 126 } } })
    .png()
    .toBuffer();

export const pdfDocument = () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

export const htmlPage = () =>
  Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

export const svgImage = () =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
