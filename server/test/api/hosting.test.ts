import fs from 'node:fs/promises';
import path from 'node:path';
import { startTestServer, type TestServer } from '../helpers/test-server';

describe('hosting the web app', () => {
  let server: TestServer;
  const html = { accept: 'text/html,application/xhtml+xml' };

  beforeAll(async () => {
    server = await startTestServer();
    const web = server.config.webRoot;
    const deployments = server.config.deploymentsDir;
    await fs.mkdir(path.join(web, 'static'), { recursive: true });
    await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><title>Parley shell</title>');
    await fs.writeFile(path.join(web, 'static', 'main.3f9a1c2b7d.js'), 'console.log("shell")');
    await fs.writeFile(path.join(web, 'favicon.svg'), '<svg/>');
    await fs.mkdir(path.join(deployments, 'remote-auth', '1.0.0'), { recursive: true });
    await fs.writeFile(
      path.join(deployments, 'remotes.json'),
      JSON.stringify({ remote_auth: '/deployments/remote-auth/1.0.0/mf-manifest.json' }),
    );
    await fs.writeFile(path.join(deployments, 'remote-auth', '1.0.0', 'mf-manifest.json'), '{"name":"remote_auth"}');
  });
  afterAll(() => server.close());

  it('serves index.html at / without caching', async () => {
    const answer = await server.request('GET', '/', { headers: html });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Parley shell');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
  });

  it('falls back to index.html for client routes that ask for HTML', async () => {
    for (const route of ['/main', '/users', '/no-such-page']) {
      const answer = await server.request('GET', route, { headers: html });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('Parley shell');
    }
  });

  it('never falls back for API-like paths or non-HTML requests', async () => {
    for (const route of ['/api/unknown', '/auth/unknown', '/webhooks/x', '/healthz/x']) {
      const answer = await server.request('GET', route, { headers: html });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toMatch(/not found/i);
    }
    expect((await server.request('GET', '/main', { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  it('caches content-hashed assets for a year and revalidates the rest', async () => {
    const hashed = await server.request('GET', '/static/main.3f9a1c2b7d.js');
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const plain = await server.request('GET', '/favicon.svg');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves /remotes.json without caching and deployed versions as immutable', async () => {
    const pointer = await server.request('GET', '/remotes.json');
    expect(pointer.status).toBe(200);
    expect(pointer.body).toEqual({ remote_auth: '/deployments/remote-auth/1.0.0/mf-manifest.json' });
    expect(pointer.headers.get('cache-control')).toBe('no-cache');

    const manifest = await server.request('GET', '/deployments/remote-auth/1.0.0/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.body).toEqual({ name: 'remote_auth' });
    expect(manifest.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    expect((await server.request('GET', '/deployments/remotes.json')).status).toBe(404);
    expect((await server.request('GET', '/deployments/remote-auth/9.9.9/mf-manifest.json')).status).toBe(404);
  });

  it('does not serve files outside its folders', async () => {
    const answer = await server.request('GET', '/deployments/remote-auth/1.0.0/..%2F..%2F..%2Foutbox%2Fx.json');
    expect(answer.status).toBe(404);
    const up = await server.request('GET', '/%2E%2E/%2E%2E/etc/passwd');
    expect(up.status).toBe(404);
  });
});

describe('without a built web app', () => {
  it('still serves the API', async () => {
    const server = await startTestServer();
    try {
      expect((await server.request('GET', '/healthz')).status).toBe(200);
      expect((await server.request('GET', '/main', { headers: { accept: 'text/html' } })).status).toBe(404);
      expect((await server.request('GET', '/remotes.json')).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
