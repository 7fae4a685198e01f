import fs from 'node:fs/promises';
import path from 'node:path';
import { startTestServer, type TestServer } from '../helpers/test-server';

// index.html names what the opened route's page needs, so the browser fetches it while the shell boots.
describe('preload tags in index.html', () => {
  let server: TestServer;
  const html = { accept: 'text/html' };

  beforeAll(async () => {
    server = await startTestServer();
    const web = server.config.webRoot;
    const deployments = server.config.deploymentsDir;
    const remote = path.join(deployments, 'remote-inbox', '1.0.0-abc');
    await fs.mkdir(web, { recursive: true });
    await fs.mkdir(remote, { recursive: true });
    await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><html><head><title>Parley</title></head></html>');
    await fs.writeFile(
      path.join(web, 'page-routes.json'),
      JSON.stringify([
        { path: '/main', module: 'remote_inbox/Dashboard', access: 'user', preload: ['phone-formats'] },
        { path: '/login', module: 'remote_auth/Login', access: 'public' },
      ]),
    );
    await fs.writeFile(
      path.join(web, 'chunk-groups.json'),
      JSON.stringify({
        'shell-app': ['57.5d5f6b2f.js', 'shell-app.879c6d0c.js'],
        'api-client': ['api-client.fdce478a.js'],
        realtime: ['realtime.531dbdbf.js'],
        'phone-formats': ['phone-formats.4cb659f6.js'],
        'password-strength': ['password-strength.0badc0de.js'],
      }),
    );
    await fs.writeFile(
      path.join(web, 'mf-manifest.json'),
      JSON.stringify({ shared: [{ assets: { js: { sync: ['657.807f38d4.js'] } } }] }),
    );
    await fs.writeFile(
      path.join(deployments, 'remotes.json'),
      JSON.stringify({ revision: 1, remotes: { 'remote-inbox': { live: '1.0.0-abc' } } }),
    );
    await fs.writeFile(
      path.join(remote, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js' } },
        exposes: [
          {
            name: 'Dashboard',
            assets: { js: { sync: ['__federation_expose_Dashboard.1a2b3c4d.js'], async: ['621.ec57a9d2.js'] } },
          },
        ],
      }),
    );
  });
  afterAll(() => server.close());

  it("preloads the live remote's manifest, entry and page chunk for its route, and the shell's shared chunks", async () => {
    const page = await server.request('GET', '/main', { headers: html });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const folder = '/deployments/remote-inbox/1.0.0-abc/';
    expect(page.body).toContain(
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${folder}mf-manifest.json">`,
    );
    expect(page.body).toContain(`<link rel="preload" as="script" href="${folder}remoteEntry.js">`);
    expect(page.body).toContain(
      `<link rel="preload" as="script" href="${folder}__federation_expose_Dashboard.1a2b3c4d.js">`,
    );
    expect(page.body).toContain('<link rel="preload" as="script" href="/657.807f38d4.js">');
    // Chunks the page may load later (here the password dictionaries) are not fetched up front.
    expect(page.body).not.toContain('621.ec57a9d2.js');
  });

  it("preloads the shell's lazy chunks the route asks for: its app, a signed-in page's API client and socket, the route's own list", async () => {
    const main = (await server.request('GET', '/main', { headers: html })).body;
    for (const file of [
      '57.5d5f6b2f.js',
      'shell-app.879c6d0c.js',
      'api-client.fdce478a.js',
      'realtime.531dbdbf.js',
      'phone-formats.4cb659f6.js',
    ])
      expect(main).toContain(`<link rel="preload" as="script" href="/${file}">`);
    expect(main).not.toContain('password-strength');

    // A public page calls no API before it is submitted and opens no socket: only the shell's app.
    const login = (await server.request('GET', '/login', { headers: html })).body;
    expect(login).toContain('<link rel="preload" as="script" href="/shell-app.879c6d0c.js">');
    for (const group of ['api-client', 'realtime', 'phone-formats', 'password-strength'])
      expect(login).not.toContain(group);
  });

  it("preloads no remote for a route it does not know, only the shell's app (it shows the 404)", async () => {
    const page = await server.request('GET', '/no-such-page', { headers: html });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Parley</title>');
    expect(page.body).not.toContain('/deployments/');
    expect(page.body).toContain('<link rel="preload" as="script" href="/shell-app.879c6d0c.js">');
    expect(page.body).not.toContain('api-client');
  });
});
