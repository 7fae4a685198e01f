import { startTestServer, type TestServer } from '../helpers/test-server';

describe('health and basics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers /healthz', async () => {
    const answer = await server.request('GET', '/healthz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
  });

  it('answers /readyz after asking the database', async () => {
    const answer = await server.request('GET', '/readyz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ready', database: server.dbKind });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const answer = await server.request('GET', '/api/nothing-here', { headers: { accept: 'text/html' } });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toMatch(/not found/i);
  });

  it('sends security headers and allows only PUBLIC_URL cross-origin', async () => {
    const own = await server.request('GET', '/healthz', { headers: { origin: server.config.publicOrigin } });
    expect(own.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('access-control-allow-origin')).toBe(server.config.publicOrigin);

    const foreign = await server.request('GET', '/healthz', { headers: { origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a CORS preflight from PUBLIC_URL', async () => {
    const answer = await server.request('OPTIONS', '/auth/login', {
      headers: { origin: server.config.publicOrigin, 'access-control-request-method': 'POST' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(server.config.publicOrigin);
  });
});
