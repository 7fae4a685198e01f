/**
 * Crash during file work: the BUILT server is killed (SIGKILL) while it downloads a customer's image from
 * WhatsApp (the media lookup is held until the process is dead) and while a staff member's upload is half sent
 * (a random share of the body, from CRASH_SEED). After each restart on the same data: the image is downloaded
 * once and served, the cut upload left no message and no file, and the same upload sent again goes out once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { RunningSandbox } from '../../../sandbox/src/sandbox';
import { createTemporaryDatabase, type TemporaryDatabase } from '../helpers/postgres';
import { chosenDb } from '../helpers/test-server';
import {
  connectedOwner,
  crashEnv,
  crashRandom,
  freePort,
  jsonClient,
  killHard,
  prepareDatabase,
  ready,
  requireBuiltServer,
  startServer,
  type ServerProcess,
  startCrashSandbox,
} from './crash-support';
import { countFiles, multipartBody, waitFor } from './hardening-stack';

const APP_SECRET = 'crash-media-app-secret';

jest.setTimeout(150_000);

/** Stands between the server and the sandbox's Graph API; calls `onLookup` (and waits) before passing it on. */
function graphProxy(target: string) {
  let armed: { path: string; onLookup: () => Promise<void> } | undefined;
  const server = http.createServer((request, response) => {
    const forward = () => {
      const upstream = http.request(
        `${target}${request.url}`,
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    };
    const hook = armed;
    if (hook && request.method === 'GET' && request.url?.startsWith(hook.path)) {
      armed = undefined;
      void hook.onLookup().then(forward, forward);
    } else forward();
  });
  return {
    server,
    arm: (path: string, onLookup: () => Promise<void>) => {
      armed = { path, onLookup };
    },
  };
}

describe('kill -9 during a media download and an upload', () => {
  const dbKind = chosenDb();
  const random = crashRandom('crash-media');
  let sandbox: RunningSandbox;
  let proxy: ReturnType<typeof graphProxy>;
  let tmp: string;
  let temporaryDb: TemporaryDatabase | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    requireBuiltServer();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-crash-media-'));
    if (dbKind === 'postgres') temporaryDb = await createTemporaryDatabase();
  });
  afterAll(async () => {
    if (server) await killHard(server);
    await sandbox?.close();
    await new Promise((resolve) => proxy?.server.close(resolve));
    await temporaryDb?.drop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('downloads the image once after the restart, and a cut upload leaves nothing behind', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    sandbox = await startCrashSandbox(url, APP_SECRET, {
      statusStepMs: 50,
      answerTimeoutMs: 4_000,
      faultTimeoutMs: 6_000,
    });
    proxy = graphProxy(sandbox.url);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    const proxyPort = (proxy.server.address() as { port: number }).port;
    const graphBase = sandbox.graphBase.replace(sandbox.url, `http://127.0.0.1:${proxyPort}`);
    const env = crashEnv({ tmp, port, graphBase, appSecret: APP_SECRET, databaseUrl: temporaryDb?.url });
    await prepareDatabase(env);
    const api = jsonClient(url);
    server = startServer(env);
    await ready(url, server);
    const token = await connectedOwner(url, env.OUTBOX_DIR);

    // 1. A customer's image: the process dies while it looks the media up at WhatsApp.
    const phone = `1888${String(Date.now()).slice(-7)}`;
    sandbox.inbound({ from: `+${phone}`, name: 'Crash Media', type: 'text', text: 'hello' } as never);
    const conversation = await waitFor(async () => {
      const list = (await api('GET', '/api/conversations?limit=100', undefined, token)).body.list as Array<{
        id: string;
        contact: { phone: string };
      }>;
      return list.find((c) => c.contact.phone === phone);
    }, 'the conversation');
    let killedDuringDownload = false;
    const photo = sandbox.inbound({ from: `+${phone}`, type: 'image', caption: 'the parcel' } as never);
    const mediaId = [...sandbox.state.media.values()].at(-1)?.id as string;
    const dead = new Promise<void>((resolve) => {
      proxy.arm(`${new URL(graphBase).pathname}/${mediaId}`, async () => {
        await killHard(server as ServerProcess);
        killedDuringDownload = true;
        resolve();
      });
    });
    await dead;
    server = startServer(env);
    await ready(url, server);
    const image = await waitFor(
      async () => {
        const detail = (await api('GET', `/api/conversations/${conversation.id}?limit=100`, undefined, token)).body
          .messages as Array<{ id: string; wamid?: string; type: string; content: { url?: string; link?: string } }>;
        const images = detail.filter((m) => m.type === 'image');
        return images.length > 0 && (images[0].content.url || images[0].content.link) ? images : undefined;
      },
      'the image to be downloaded after the restart',
      60_000,
    );
    expect(killedDuringDownload).toBe(true);
    expect(image).toHaveLength(1);
    const file = await fetch(`${url}/api/messages/${image[0].id}/media`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).length).toBe(sandbox.state.media.get(mediaId)?.bytes.length);
    expect(photo.wamid).toEqual(expect.any(String));

    // 2. An upload cut off after a random share of its body.
    // Random pixels: a real PNG of ~2.4 MB that does not compress, so the upload takes a while.
    const bytes = await sharp(crypto.randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } })
      .png()
      .toBuffer();
    const { body, contentType } = multipartBody([
      { field: 'caption', bytes: Buffer.from('crash upload') },
      { field: 'file', fileName: 'crash.png', type: 'image/png', bytes },
    ]);
    const share = 0.1 + random.next() * 0.8;
    const filesBefore = await countFiles(env.STORAGE_DIR);
    const outgoingBefore = sandbox.state.messages.filter((m) => m.direction === 'outbound').length;
    await new Promise<void>((resolve) => {
      const request = http.request(`${url}/api/conversations/${conversation.id}/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': body.length },
      });
      request.on('error', () => resolve());
      request.on('response', () => resolve());
      request.write(body.subarray(0, Math.floor(body.length * share)), () => {
        // The server has taken part of the body: now the process dies.
        setTimeout(() => void killHard(server as ServerProcess), 100);
      });
    });
    await server.exited;
    server = startServer(env);
    await ready(url, server);
    const afterCut = (await api('GET', `/api/conversations/${conversation.id}?limit=100`, undefined, token)).body
      .messages as Array<{ direction: string; type: string }>;
    expect(afterCut.filter((m) => m.direction === 'outgoing' && m.type === 'image')).toHaveLength(0);
    expect(await countFiles(env.STORAGE_DIR)).toBe(filesBefore);

    // The same upload, sent whole, goes out once.
    const sent = await fetch(`${url}/api/conversations/${conversation.id}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body,
    });
    expect(sent.status).toBe(201);
    await waitFor(
      async () => sandbox.state.messages.filter((m) => m.direction === 'outbound').length > outgoingBefore,
      'the upload to reach WhatsApp',
    );
    await sandbox.waitForIdle(15_000).catch(() => undefined);
    expect(sandbox.state.messages.filter((m) => m.direction === 'outbound').length).toBe(outgoingBefore + 1);
    if (process.env.HARDENING_SUMMARY)
      console.log(JSON.stringify({ crashMedia: { db: dbKind, seed: random.seed, uploadShare: share } }));
  });
});
