import { HttpError } from '../../src/http/errors';
import type { AppModule } from '../../src/services';
import { startTestServer, type TestServer } from '../helpers/test-server';

describe('route access declarations', () => {
  it('refuses to start when a route declares no access', async () => {
    const careless: AppModule = {
      name: 'careless',
      register(app) {
        app.get('/api/careless', async () => ({ ok: true }));
      },
    };
    await expect(startTestServer({ deps: { extraModules: [careless] } })).rejects.toThrow(
      /GET \/api\/careless has no access declaration/,
    );
  });
});

describe('errors and the route table', () => {
  let server: TestServer;
  const logged: string[] = [];
  const probes: AppModule = {
    name: 'probes',
    register(app) {
      app.get('/api/probe/crash', { config: { access: 'public' } }, async () => {
        throw new Error('database password is hunter2');
      });
      app.get('/api/probe/teapot', { config: { access: 'public' } }, async () => {
        throw new HttpError(418, 'I am a teapot', { hint: 'tea' });
      });
      app.post('/api/probe/echo', { config: { access: 'public' } }, async (request) => request.body);
      app.get('/api/probe/owner', { config: { access: 'owner' } }, async () => ({ ok: true }));
    },
  };

  beforeAll(async () => {
    server = await startTestServer({
      deps: {
        extraModules: [probes],
        logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
      },
    });
  });
  afterAll(() => server.close());

  it('answers an unexpected error with a bare 500 and logs the details', async () => {
    const answer = await server.request('GET', '/api/probe/crash');
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ message: 'Internal server error', code: 'internal' });
    expect(JSON.stringify(answer.body)).not.toContain('hunter2');
    expect(logged.join('\n')).toContain('hunter2');
  });

  it('answers an HttpError with its status, message and extra fields', async () => {
    const answer = await server.request('GET', '/api/probe/teapot');
    expect(answer.status).toBe(418);
    expect(answer.body).toEqual({ message: 'I am a teapot', code: 'client_error', hint: 'tea' });
  });

  it('answers malformed JSON with a 400 message', async () => {
    const answer = await server.request('POST', '/api/probe/echo', { body: '{"broken": ' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'Request body is not valid JSON', code: 'bad_request' });
  });

  it('refuses an oversized body with 413', async () => {
    const answer = await server.request('POST', '/api/probe/echo', { body: { blob: 'x'.repeat(2 * 1024 * 1024) } });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('Request body is too large');
  });

  it('refuses protected routes without a token, or with a bad one', async () => {
    const none = await server.request('GET', '/api/probe/owner');
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/authentication required/i);
    const forged = await server.request('GET', '/api/probe/owner', { token: 'not-a-token' });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe('Invalid token');
  });

  it('lists every route with its access', () => {
    const table = server.app.listRouteAccess();
    const find = (method: string, url: string) => table.find((r) => r.method === method && r.url === url)?.access;
    expect(find('POST', '/auth/login')).toBe('public');
    expect(find('GET', '/api/user/profile')).toBe('user');
    expect(find('PUT', '/api/account')).toBe('owner');
    expect(find('GET', '/api/probe/owner')).toBe('owner');
    expect(table.every((r) => ['public', 'user', 'owner', 'webhook'].includes(r.access))).toBe(true);
  });
});
