import fs from 'node:fs/promises';
import path from 'node:path';
import { startTestServer, type TestServer } from '../helpers/test-server';

// The shell is deployed like a remote: DEPLOYMENTS_DIR/shell/<version>/ and the pointer's shell.live.
describe('serving the deployed shell', () => {
  let server: TestServer;
  const html = { accept: 'text/html' };
  const shellVersion = async (version: string, files: Record<string, string>) => {
    const dir = path.join(server.config.deploymentsDir, 'shell', version);
    await fs.mkdir(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) await fs.writeFile(path.join(dir, name), text);
  };
  const point = (live: string, fallbacks: string[]) =>
    fs.writeFile(
      path.join(server.config.deploymentsDir, 'remotes.json'),
      JSON.stringify({ revision: 1, remotes: {}, shell: { live, fallbacks, history: [] } }),
    );

  beforeAll(async () => {
    server = await startTestServer();
    await fs.mkdir(server.config.webRoot, { recursive: true });
    await fs.writeFile(path.join(server.config.webRoot, 'index.html'), '<title>built shell</title>');
    await shellVersion('s1', { 'index.html': '<title>shell s1</title>', 'main.1111aaaa.js': 'one' });
    await shellVersion('s2', { 'index.html': '<title>shell s2</title>', 'main.2222bbbb.js': 'two' });
  });
  afterAll(() => server.close());

  it('serves WEB_ROOT until a shell is deployed', async () => {
    expect((await server.request('GET', '/', { headers: html })).body).toContain('built shell');
  });

  it('serves index.html of the live shell version and follows a rollback on the next load', async () => {
    await point('s2', ['s1']);
    expect((await server.request('GET', '/main', { headers: html })).body).toContain('shell s2');
    expect((await server.request('GET', '/main.2222bbbb.js')).body).toBe('two');
    // A tab opened on s1 still loads its hashed chunks.
    expect((await server.request('GET', '/main.1111aaaa.js')).body).toBe('one');
    await point('s1', []);
    expect((await server.request('GET', '/', { headers: html })).body).toContain('shell s1');
  });

  it('never serves the deploy log or the load reports', async () => {
    const log = path.join(server.config.deploymentsDir, '.log');
    await fs.mkdir(path.join(log, 'x'), { recursive: true });
    await fs.writeFile(path.join(log, 'x', 'deploys.ndjson'), '{}');
    expect((await server.request('GET', '/deployments/.log/x/deploys.ndjson')).status).toBe(404);
  });
});
