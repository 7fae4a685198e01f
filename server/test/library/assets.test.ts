import sharp from 'sharp';
import { testServerFor } from '../helpers/test-server';
import { htmlPage, ownerAgentAndOther, pdfDocument, pngImage, svgImage, uploadAssets } from './library-helpers';

const MB = 1024 * 1024;

describe('assets API', () => {
  const cast = testServerFor(ownerAgentAndOther);

  const listAll = async (token = cast.ownerToken) =>
    (await cast.server.request('GET', '/api/account/assets?limit=100', { token })).body;
  const fetchFile = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${cast.server.url}${path}`, { headers });

  it('uploads several files, detecting each type from the bytes, with thumbnails for images', async () => {
    const answer = await uploadAssets(cast.server, cast.ownerToken, [
      { name: 'shop front.png', bytes: await pngImage(), type: 'image/png' },
      { name: 'price list.pdf', bytes: pdfDocument(), type: 'text/html' },
      { name: 'hours.txt', bytes: Buffer.from('Mon-Fri 9-17\n'), type: 'image/png' },
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body.list).toHaveLength(3);
    const byName = Object.fromEntries(answer.body.list.map((asset: any) => [asset.name, asset]));
    expect(byName['shop front.png']).toMatchObject({
      mimeType: 'image/png',
      description: null,
      deletedAt: null,
      url: expect.stringMatching(/^\/api\/files\/assets\/[A-Za-z0-9_-]{43}$/),
      thumbnailUrl: expect.stringMatching(/^\/api\/files\/assets\/[A-Za-z0-9_-]{43}\/thumbnail$/),
    });
    expect(byName['price list.pdf']).toMatchObject({ mimeType: 'application/pdf', thumbnailUrl: null });
    expect(byName['hours.txt']).toMatchObject({ mimeType: 'text/plain', thumbnailUrl: null });
    const listed = await listAll();
    expect(listed.list.map((asset: any) => asset.name)).toEqual(
      expect.arrayContaining(['shop front.png', 'price list.pdf', 'hours.txt']),
    );
  });

  it('serves images inline with their true type and nosniff, without a bearer token, and small thumbnails', async () => {
    const image = (await listAll()).list.find((asset: any) => asset.name === 'shop front.png');
    const original = await fetchFile(image.url);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    expect(original.headers.get('content-disposition')).toMatch(/^inline; filename="shop front.png"/);
    expect(Buffer.from(await original.arrayBuffer()).equals(await pngImage())).toBe(true);

    const thumbnail = await fetchFile(image.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const size = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(Math.max(size.width ?? 0, size.height ?? 0)).toBeLessThanOrEqual(480);
  });

  it('serves documents and text as attachments (never rendered in our origin)', async () => {
    const { list } = await listAll();
    const pdf = await fetchFile(list.find((asset: any) => asset.name === 'price list.pdf').url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="price list.pdf"/);
    expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await fetchFile(list.find((asset: any) => asset.name === 'hours.txt').url);
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(await text.text()).toBe('Mon-Fri 9-17\n');
  });

  it('answers byte ranges (videos seek) and 404 for unknown file addresses', async () => {
    const pdf = (await listAll()).list.find((asset: any) => asset.name === 'price list.pdf');
    const part = await fetchFile(pdf.url, { range: 'bytes=0-3' });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('%PDF');
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-3\/\d+$/);
    expect((await fetchFile(`/api/files/assets/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await fetchFile('/api/files/assets/short')).status).toBe(404);
  });

  it('refuses a sixth file with the screen text, storing nothing', async () => {
    const before = (await listAll()).list.length;
    const png = await pngImage(20, 20);
    const answer = await uploadAssets(
      cast.server,
      cast.ownerToken,
      Array.from({ length: 6 }, (_, i) => ({ name: `pic${i}.png`, bytes: png })),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'You can upload up to 5 assets at a time.',
      code: 'too_many_files',
      description: 'You can upload up to 5 assets at a time.',
    });
    expect((await listAll()).list.length).toBe(before);
  });

  it('accepts exactly five files', async () => {
    const png = await pngImage(20, 20);
    const answer = await uploadAssets(
      cast.server,
      cast.ownerToken,
      Array.from({ length: 5 }, (_, i) => ({ name: `five${i}.png`, bytes: png })),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.list).toHaveLength(5);
  });

  it('refuses a file over 15 MB by name, storing nothing of the upload', async () => {
    const before = (await listAll()).list.length;
    const big = Buffer.alloc(16 * MB, 0x20);
    big.write('%PDF-1.4\n', 0, 'latin1');
    const answer = await uploadAssets(cast.server, cast.ownerToken, [
      { name: 'small.pdf', bytes: pdfDocument() },
      { name: 'huge.pdf', bytes: big },
    ]);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('“huge.pdf” is too large (max 15 MB).');
    expect(answer.body.description).toBe(answer.body.message);
    expect((await listAll()).list.length).toBe(before);
  });

  it.each([
    ['an HTML page named .png', 'cat.png', htmlPage()],
    ['an SVG image', 'logo.svg', svgImage()],
    [
      'a Windows executable named .pdf',
      'invoice.pdf',
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
    ],
    ['a zip archive', 'bundle.zip', Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00evil.js', 'latin1')],
  ])('refuses %s with 415, storing nothing of the upload', async (_label, name, bytes) => {
    const before = (await listAll()).list.length;
    const answer = await uploadAssets(cast.server, cast.ownerToken, [
      { name: 'fine.pdf', bytes: pdfDocument() },
      { name, bytes, type: 'image/png' },
    ]);
    expect(answer.status).toBe(415);
    expect(answer.body.message).toContain(`“${name}” is not an allowed file type`);
    expect(answer.body.description).toBe(answer.body.message);
    expect((await listAll()).list.length).toBe(before);
  });

  it('refuses an image that sharp cannot read', async () => {
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const answer = await uploadAssets(cast.server, cast.ownerToken, [{ name: 'broken.png', bytes: broken }]);
    expect(answer.status).toBe(415);
    expect(answer.body.description).toBe('“broken.png” could not be read as an image.');
  });

  it('refuses an upload without files, or not multipart, with a 4xx', async () => {
    expect((await uploadAssets(cast.server, cast.ownerToken, [])).status).toBe(400);
    const json = await cast.server.request('POST', '/api/account/assets', {
      token: cast.ownerToken,
      body: { files: [] },
    });
    expect(json.status).toBe(415);
    expect(json.body.description).toMatch(/multipart/);
    expect(
      (await uploadAssets(cast.server, cast.ownerToken, [{ name: 'a.pdf', bytes: pdfDocument() }], 'file')).status,
    ).toBe(400);
  });

  it('refuses agents every change (403) but lets them list', async () => {
    expect((await cast.server.request('GET', '/api/account/assets', { token: cast.agentToken })).status).toBe(200);
    expect((await uploadAssets(cast.server, cast.agentToken, [{ name: 'a.pdf', bytes: pdfDocument() }])).status).toBe(
      403,
    );
    const asset = (await listAll()).list[0];
    const path = `/api/account/assets/${asset.id}`;
    expect(
      (await cast.server.request('PUT', path, { token: cast.agentToken, body: { name: 'x', description: 'y' } }))
        .status,
    ).toBe(403);
    expect((await cast.server.request('DELETE', path, { token: cast.agentToken })).status).toBe(403);
    expect((await cast.server.request('POST', path, { token: cast.agentToken })).status).toBe(403);
    expect((await uploadAssets(cast.server, undefined, [{ name: 'a.pdf', bytes: pdfDocument() }])).status).toBe(401);
  });

  it('edits name and description; validation refusals carry a description', async () => {
    const asset = (await listAll()).list[0];
    const path = `/api/account/assets/${asset.id}`;
    const edited = await cast.server.request('PUT', path, {
      token: cast.ownerToken,
      body: { id: asset.id, name: ' Spring menu ', description: 'Shown to customers who ask for prices' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: asset.id,
      name: 'Spring menu',
      description: 'Shown to customers who ask for prices',
    });
    const cleared = await cast.server.request('PUT', path, {
      token: cast.ownerToken,
      body: { name: 'Spring menu', description: '' },
    });
    expect(cleared.body.description).toBeNull();
    const blank = await cast.server.request('PUT', path, {
      token: cast.ownerToken,
      body: { name: '  ', description: 'x' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.description).toBe('Name is required');
  });

  it('soft-deletes and restores; deleted assets stay listed with deletedAt, their files still served', async () => {
    const asset = (await listAll()).list[0];
    const path = `/api/account/assets/${asset.id}`;
    const deleted = await cast.server.request('DELETE', path, { token: cast.ownerToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deletedAt).toEqual(expect.any(String));
    expect((await listAll()).list.find((a: any) => a.id === asset.id).deletedAt).toBe(deleted.body.deletedAt);
    expect((await fetchFile(asset.url)).status).toBe(200);
    // Deleting again changes nothing.
    expect((await cast.server.request('DELETE', path, { token: cast.ownerToken })).body.deletedAt).toBe(
      deleted.body.deletedAt,
    );
    const restored = await cast.server.request('POST', path, { token: cast.ownerToken });
    expect(restored.status).toBe(200);
    expect(restored.body.deletedAt).toBeNull();
    expect((await listAll()).list.find((a: any) => a.id === asset.id).deletedAt).toBeNull();
  });

  it("answers 404 for another account's asset and never lists it", async () => {
    const asset = (await listAll()).list[0];
    const path = `/api/account/assets/${asset.id}`;
    expect(
      (await cast.server.request('PUT', path, { token: cast.otherOwnerToken, body: { name: 'Mine now' } })).status,
    ).toBe(404);
    const refused = await cast.server.request('DELETE', path, { token: cast.otherOwnerToken });
    expect(refused.status).toBe(404);
    expect(refused.body.description).toBe('Asset not found');
    expect((await cast.server.request('POST', path, { token: cast.otherOwnerToken })).status).toBe(404);
    expect((await cast.server.request('DELETE', '/api/account/assets/12345', { token: cast.ownerToken })).status).toBe(
      404,
    );
    expect((await listAll(cast.otherOwnerToken)).list).toEqual([]);
  });

  it('pages the list (default 5) with lastPage', async () => {
    const total = (await listAll()).list.length;
    const first = await cast.server.request('GET', '/api/account/assets', { token: cast.ownerToken });
    expect(first.body.list).toHaveLength(5);
    expect(first.body.lastPage).toBe(Math.ceil(total / 5));
    const last = await cast.server.request('GET', `/api/account/assets?limit=5&page=${first.body.lastPage}`, {
      token: cast.ownerToken,
    });
    expect(last.body.list).toHaveLength(total - 5 * (first.body.lastPage - 1));
  });
});
