import fs from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AppModule } from '../../src/services';
import { startTestServer, type TestServer } from '../helpers/test-server';

// The build step that writes the twins (the rspack builds and scripts/build.mjs call the same function).
const { writeCompressedTwins, MIN_BYTES } = createRequire(__filename)('../../../tooling/precompress.cjs') as {
  writeCompressedTwins: (folder: string) => number;
  MIN_BYTES: number;
};

/** Text that compresses like a bundle does, `size` bytes long. */
const bundleLike = (name: string, size: number) =>
  Array.from({ length: Math.ceil(size / 40) }, (_, i) => `function ${name}${i}(a){return a+${i}}\n`)
    .join('')
    .slice(0, size);

/** An API answer over the threshold and one under it. */
const sizedAnswers: AppModule = {
  name: 'sized-answers',
  register(app) {
    const publicRoute = { config: { access: 'public' as const } };
    app.get('/api/test/large', publicRoute, async () => ({
      items: Array.from({ length: 200 }, (_, i) => `item ${i}`),
    }));
    app.get('/api/test/small', publicRoute, async () => ({ ok: true }));
  },
};

describe('compressed delivery', () => {
  let server: TestServer;
  /** url path → file on disk, for every JS/CSS asset the server serves. */
  const assets = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer({ deps: { extraModules: [sizedAnswers] } });
    const web = server.config.webRoot;
    const remote = path.join(server.config.deploymentsDir, 'remote-auth', '1.0.0');
    await fs.mkdir(remote, { recursive: true });
    await fs.mkdir(web, { recursive: true });
    const files: [string, string, string][] = [
      [web, 'main.3f9a1c2b.js', bundleLike('shell', 40_000)],
      [web, '512.a1b2c3d4.css', `.x{color:red}\n`.repeat(400)],
      [remote, 'remoteEntry.js', bundleLike('entry', 20_000)],
      [remote, '__federation_expose_Login.705ad3b4.js', bundleLike('login', 8_000)],
    ];
    for (const [folder, name, body] of files) {
      await fs.writeFile(path.join(folder, name), body);
      assets.set(folder === web ? `/${name}` : `/deployments/remote-auth/1.0.0/${name}`, path.join(folder, name));
    }
    writeCompressedTwins(web);
    writeCompressedTwins(remote);
  });
  afterAll(() => server.close());

  /** A GET whose body stays as sent (fetch would decompress it). */
  const get = (url: string, acceptEncoding?: string) =>
    new Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; rawPayload: Buffer; json(): any }>(
      (resolve, reject) => {
        const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
        http
          .get(server.url + url, { headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const rawPayload = Buffer.concat(chunks);
              resolve({
                statusCode: response.statusCode ?? 0,
                headers: response.headers,
                rawPayload,
                json: () => JSON.parse(rawPayload.toString()),
              });
            });
          })
          .on('error', reject);
      },
    );

  it('writes a brotli and a gzip twin of every JS and CSS asset, each smaller than the file', async () => {
    for (const file of assets.values()) {
      const size = (await fs.stat(file)).size;
      expect(size).toBeGreaterThan(MIN_BYTES);
      for (const twin of [`${file}.br`, `${file}.gz`]) expect((await fs.stat(twin)).size).toBeLessThan(size / 2);
    }
  });

  it('sends brotli when the browser accepts it, gzip when only that, the plain file otherwise', async () => {
    for (const [url, file] of assets) {
      const plain = await fs.readFile(file);

      const br = await get(url, 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toMatch(url.endsWith('.css') ? /text\/css/ : /javascript/);
      expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain)).toBe(true);

      const gzip = await get(url, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).equals(plain)).toBe(true);

      for (const answer of [await get(url), await get(url, 'identity')]) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-encoding']).toBeUndefined();
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(answer.rawPayload.equals(plain)).toBe(true);
      }
    }
  });

  it('sends a file changed after its twins were written as it is, never the stale twin, whatever the file times', async () => {
    const file = path.join(server.config.webRoot, 'patched.1a2b3c4d.js');
    await fs.writeFile(file, bundleLike('before', 5_000));
    writeCompressedTwins(server.config.webRoot);
    await fs.writeFile(file, bundleLike('after', 5_000));
    // As a copy leaves them (publishing copies every build): the stale twins look newer than the file.
    const later = new Date(Date.now() + 5_000);
    for (const twin of [`${file}.br`, `${file}.gz`]) await fs.utimes(twin, later, later);
    const answer = await get('/patched.1a2b3c4d.js', 'gzip, deflate, br');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.rawPayload.toString()).toContain('after0');
  });

  it('compresses API answers over the threshold when asked, and only then', async () => {
    const large = await get('/api/test/large', 'gzip, br');
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(large.rawPayload).toString()).items).toHaveLength(200);

    const plain = await get('/api/test/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().items).toHaveLength(200);

    const small = await get('/api/test/small', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });
});
