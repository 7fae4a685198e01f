import fs from 'node:fs/promises';
import path from 'node:path';
import { startTestServer, type TestServer } from '../helpers/test-server';

// The shell reports failed loads, fallbacks and crashes; ops read them with `npm run releases`.
describe('client reports (POST /api/client-reports)', () => {
  let server: TestServer;
  const report = {
    kind: 'fallback',
    remote: 'remote-inbox',
    version: '1.0.0-2b7f9a10',
    fallbackVersion: '1.0.0-8c1d2e3f',
    module: 'remote_inbox/Dashboard',
    error: 'ScriptExternalLoadError: Loading script failed.',
  };
  const reportLines = async () => {
    const dir = path.join(server.config.deploymentsDir, '.reports');
    const files = await fs.readdir(dir).catch(() => []);
    const texts = await Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')));
    return texts
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('takes a report without signing in and keeps it for the releases command', async () => {
    const answer = await server.request('POST', '/api/client-reports', { body: report });
    expect(answer.status).toBe(204);
    expect(await reportLines()).toEqual([{ at: expect.any(String), ...report }]);
  });

  it('refuses a malformed report with a 400 and keeps nothing', async () => {
    const before = (await reportLines()).length;
    for (const bad of [{ ...report, kind: 'hello' }, { ...report, version: '../../etc' }, { remote: 'x' }]) {
      const answer = await server.request('POST', '/api/client-reports', { body: bad });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect(await reportLines()).toHaveLength(before);
  });

  it('refuses a body over 2 KB with a 413', async () => {
    const answer = await server.request('POST', '/api/client-reports', {
      body: { ...report, error: 'x'.repeat(3000) },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toEqual(expect.any(String));
  });

  it('limits how many reports one address sends a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 65; i += 1) {
      statuses.push((await server.request('POST', '/api/client-reports', { body: report })).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 204).length).toBeLessThanOrEqual(60);
  });
});
