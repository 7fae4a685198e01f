/**
 * deploy/nginx.conf in front of two built processes: a client through nginx with socket.io's default transports
 * (long-polling first, then the WebSocket upgrade) works, sees users of the other process and its events, and
 * /remotes.json passes through uncached.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  createScaleAccount,
  login,
  postWebhook,
  recordSocket,
  tearDown,
  webhookBody,
  type RecordedSocket,
  type ScaleAccount,
} from './account';
import { freePort, startCluster, waitFor, type Cluster } from './cluster';
import { deployConfigFor, ensureNginx, startNginx, type RunningNginx } from './nginx';
import { describeScale } from './services';

/** POST /auth/login from a given local address (fetch cannot choose it); resolves with the status. */
function loginFrom(baseUrl: string, localAddress: string, email: string, password: string): Promise<number> {
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/auth/login`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describeScale('Parley behind nginx (deploy/nginx.conf)', () => {
  let cluster: Cluster;
  let nginx: RunningNginx;
  let account: ScaleAccount;
  const sockets: RecordedSocket[] = [];

  beforeAll(async () => {
    ensureNginx();
    const nginxPort = await freePort();
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    cluster = await startCluster({
      names: ['one', 'two'],
      // The address users open is nginx's; the processes believe its X-Forwarded-For.
      env: { PUBLIC_URL: publicUrl, TRUST_PROXY: 'loopback' },
      envFor: () => ({ PUBLIC_URL: publicUrl }),
    });
    fs.writeFileSync(path.join(cluster.deploymentsDir, 'remotes.json'), JSON.stringify({ remotes: {} }));
    nginx = await startNginx(
      path.join(cluster.tmpDir, 'nginx'),
      deployConfigFor(
        cluster.processes.map((p) => p.port),
        nginxPort,
      ),
      nginxPort,
    );
    account = await createScaleAccount(cluster);
  }, 300_000);

  afterAll(() => tearDown(sockets, account, nginx, cluster), 30_000);

  it('connects through nginx by long-polling, upgrades to a WebSocket and gets events from both processes', async () => {
    const agent = await account.addUser('agent-direct');
    const [, two] = cluster.processes;
    const throughNginx = await recordSocket(nginx.url, await login(nginx.url, account.owner), {
      transports: ['polling', 'websocket'],
    });
    sockets.push(throughNginx);
    const engine = throughNginx.socket.io.engine;
    if (engine.transport.name !== 'websocket') {
      await waitFor(() => engine.transport.name === 'websocket', 'the upgrade to a WebSocket through nginx');
    }

    // A user connected straight to process two shows up, and a webhook handled by process two arrives.
    const direct = await recordSocket(two.url, await login(two.url, agent));
    sockets.push(direct);
    await throughNginx.onlineWhere(
      (ids) => ids.includes(agent.id) && ids.includes(account.owner.id),
      'both users online',
    );
    const text = `Through nginx ${Date.now()}`;
    expect(await postWebhook(two.url, webhookBody('text', { text }))).toBe(200);
    await throughNginx.messageWhere(
      (event) => event.message.content.text === text,
      'the webhook message through nginx',
    );
    expect(engine.transport.name).toBe('websocket');
  });

  it('keeps a polling-only client on one process (sticky sessions)', async () => {
    const pollingOnly = await recordSocket(nginx.url, await login(nginx.url, account.owner), {
      transports: ['polling'],
    });
    sockets.push(pollingOnly);
    // Each message ends one long-poll and starts the next request: every request must reach the process that
    // holds the session (round-robin would send some to the other one, which refuses an unknown session).
    for (let i = 1; i <= 3; i += 1) {
      const text = `Polling through nginx ${i} ${Date.now()}`;
      expect(await postWebhook(nginx.url, webhookBody('text', { text }))).toBe(200);
      await pollingOnly.messageWhere((event) => event.message.content.text === text, `message ${i} over long-polling`);
    }
    expect(pollingOnly.socket.io.engine.transport.name).toBe('polling');
    expect(pollingOnly.socket.connected).toBe(true);
  });

  it('counts login attempts per client address behind nginx, not per nginx', async () => {
    // The per-IP limit counts failed logins across emails (AUTH_LIMITS.login.perIp: 20); spread over four users
    // so no account reaches its own limit (10 a minute), only the address does.
    const users = await Promise.all([1, 2, 3, 4, 5].map((n) => account.addUser(`rate-behind-nginx-${n}`)));
    // Two clients on different loopback addresses; nginx tells the processes who is who (X-Forwarded-For).
    const attempt = (from: string, email: string) => loginFrom(nginx.url, from, email, 'not the password');
    const statuses: number[] = [];
    for (const user of users.slice(0, 4))
      for (let i = 0; i < 5; i += 1) statuses.push(await attempt('127.0.0.2', user.email));
    expect(statuses).toEqual(Array(20).fill(401));
    const fresh = users[4].email;
    expect(await attempt('127.0.0.2', fresh)).toBe(429);
    expect(await attempt('127.0.0.3', fresh)).toBe(401);
  });

  it('passes /remotes.json through with Cache-Control: no-cache', async () => {
    const response = await fetch(`${nginx.url}/remotes.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ remotes: {} });
  });
});
