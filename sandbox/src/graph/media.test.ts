import { startSandbox, type RunningSandbox } from '../sandbox';
import { fastTestOptions, graph } from '../test-support/webhook-receiver';
import { samplePng } from '../pages/png';

async function upload(sandbox: RunningSandbox, bytes: Buffer, mimeType: string, token = 'sandbox-token-demo') {
  const form = new FormData();
  form.set('messaging_product', 'whatsapp');
  form.set('type', mimeType);
  form.set('file', new Blob([new Uint8Array(bytes)], { type: mimeType }), 'photo.png');
  const response = await fetch(`${sandbox.graphBase}/${sandbox.seeded.phoneNumberId}/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('media', () => {
  let sandbox: RunningSandbox;
  afterEach(() => sandbox.close());

  it('uploads, describes and downloads with the same bearer token', async () => {
    sandbox = await startSandbox(fastTestOptions);
    const bytes = samplePng();
    const uploaded = await upload(sandbox, bytes, 'image/png');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toEqual({ id: expect.stringMatching(/^\d+$/) });

    const described = await graph(sandbox.graphBase, 'GET', `/${uploaded.body.id}`);
    expect(described.body).toMatchObject({
      messaging_product: 'whatsapp',
      mime_type: 'image/png',
      file_size: bytes.length,
      id: uploaded.body.id,
      sha256: expect.any(String),
    });
    const url: string = described.body.url;
    expect(url.startsWith(sandbox.url)).toBe(true);

    const agent = { 'user-agent': 'MediaTest/1.0' };
    expect((await fetch(url, { headers: agent })).status).toBe(401);
    expect((await fetch(url, { headers: { ...agent, authorization: 'Bearer someone-else' } })).status).toBe(401);
    const download = await fetch(url, { headers: { ...agent, authorization: 'Bearer sandbox-token-demo' } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses a download without a User-Agent of its own, even with the token', async () => {
    sandbox = await startSandbox(fastTestOptions);
    const uploaded = await upload(sandbox, samplePng(), 'image/png');
    const { url } = (await graph(sandbox.graphBase, 'GET', `/${uploaded.body.id}`)).body;
    const bearer = { authorization: 'Bearer sandbox-token-demo' };
    for (const agent of ['', 'node', 'undici']) {
      const refused = await fetch(url, { headers: { ...bearer, 'user-agent': agent } });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('an expired download URL answers an HTML page with 200, not the file', async () => {
    sandbox = await startSandbox({ ...fastTestOptions, mediaUrlTtlMs: 0 });
    const uploaded = await upload(sandbox, samplePng(), 'image/png');
    const { url } = (await graph(sandbox.graphBase, 'GET', `/${uploaded.body.id}`)).body;
    const expired = await fetch(url, {
      headers: { authorization: 'Bearer sandbox-token-demo', 'user-agent': 'MediaTest/1.0' },
    });
    expect(expired.status).toBe(200);
    expect(expired.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await expired.text()).toContain('<html>');
  });

  it('deletes media', async () => {
    sandbox = await startSandbox(fastTestOptions);
    const uploaded = await upload(sandbox, samplePng(), 'image/png');
    expect((await graph(sandbox.graphBase, 'DELETE', `/${uploaded.body.id}`)).body).toEqual({ success: true });
    const gone = await graph(sandbox.graphBase, 'GET', `/${uploaded.body.id}`);
    expect(gone.status).toBe(400);
    expect(gone.body.error.code).toBe(100);
  });

  it('refuses types and sizes WhatsApp does not accept', async () => {
    sandbox = await startSandbox(fastTestOptions);
    const svg = await upload(sandbox, Buffer.from('<svg/>'), 'image/svg+xml');
    expect(svg.status).toBe(400);
    expect(svg.body.error.code).toBe(131053);
    const bigSticker = await upload(sandbox, Buffer.alloc(600 * 1024, 1), 'image/webp');
    expect(bigSticker.body.error.code).toBe(131053);
  });

  it('inbound media ids resolve through GET /{media-id}', async () => {
    sandbox = await startSandbox(fastTestOptions);
    const message = sandbox.inbound({ from: '+15550001', type: 'image', caption: 'look' });
    const image = message.payload.image as { id: string; sha256: string; mime_type: string; caption: string };
    expect(image).toMatchObject({ mime_type: 'image/png', caption: 'look' });
    const described = await graph(sandbox.graphBase, 'GET', `/${image.id}`);
    expect(described.body.sha256).toBe(image.sha256);
  });
});
