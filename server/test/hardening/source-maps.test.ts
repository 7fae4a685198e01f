/** Source maps stay on disk for ops, but a browser (or anyone) cannot fetch them from /deployments. */
import fs from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('source maps', () => {
  it('are kept on disk but not served to browsers', async () => {
    const version = path.join(server.config.deploymentsDir, 'remote-auth', '1.0.0');
    fs.mkdirSync(version, { recursive: true });
    fs.writeFileSync(path.join(version, 'remoteEntry.js'), 'console.log(1)\n//# sourceMappingURL=remoteEntry.js.map');
    fs.writeFileSync(path.join(version, 'remoteEntry.js.map'), '{"version":3,"sources":["secret.ts"]}');
    const get = (url: string) => server.app.inject({ method: 'GET', url });
    expect((await get('/deployments/remote-auth/1.0.0/remoteEntry.js')).statusCode).toBe(200);
    const map = await get('/deployments/remote-auth/1.0.0/remoteEntry.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    expect((await get('/deployments/remote-auth/1.0.0/remoteEntry.JS.MAP')).statusCode).toBe(404);
  });
});
