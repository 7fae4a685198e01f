import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandler } from './error-handler';
import { defineRateLimit, hitRateLimits, installRateLimits } from './rate-limit';

/** An app answered through the real error handler, with rate limits installed (in memory). */
async function appWithLimits(): Promise<FastifyInstance> {
  const app = Fastify();
  installErrorHandler(app);
  await installRateLimits(app);
  return app;
}

/** A limit of `max` per minute per IP. */
const perIpLimit = (app: FastifyInstance, name: string, max: number, message: string) =>
  defineRateLimit(app, { name, max, windowMs: 60_000, message, key: (request) => request.ip });

/** A tiny app with one route limited per IP (3) and per `who` (2), answered through the real error handler. */
async function limitedApp(): Promise<FastifyInstance> {
  const app = await appWithLimits();
  const perIp = perIpLimit(app, 'try-ip', 3, 'Too many from here');
  const perWho = defineRateLimit(app, {
    name: 'try-who',
    max: 2,
    windowMs: 60_000,
    message: 'Too many for them',
    key: (request) => String((request.body as { who?: string }).who ?? ''),
  });
  app.post('/try', async (request) => {
    await hitRateLimits(request, [perIp, perWho]);
    return { ok: true };
  });
  await app.ready();
  return app;
}

const attempt = (app: FastifyInstance, who: string, ip: string) =>
  app.inject({ method: 'POST', url: '/try', remoteAddress: ip, payload: { who } });

describe('rate limits (@fastify/rate-limit, in memory)', () => {
  it('limits one IP across keys and one key across IPs, answering 429 with a message and Retry-After', async () => {
    const app = await limitedApp();
    try {
      expect((await attempt(app, 'a', '10.0.0.1')).statusCode).toBe(200);
      expect((await attempt(app, 'b', '10.0.0.1')).statusCode).toBe(200);
      expect((await attempt(app, 'c', '10.0.0.1')).statusCode).toBe(200);
      const sprayed = await attempt(app, 'd', '10.0.0.1');
      expect(sprayed.statusCode).toBe(429);
      expect(sprayed.json()).toEqual({ message: 'Too many from here', code: 'too_many_requests' });
      expect(Number(sprayed.headers['retry-after'])).toBeGreaterThan(0);

      // One target from ever new addresses: the per-key limit holds.
      expect((await attempt(app, 'target', '10.0.1.1')).statusCode).toBe(200);
      expect((await attempt(app, 'target', '10.0.1.2')).statusCode).toBe(200);
      const third = await attempt(app, 'target', '10.0.1.3');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: 'Too many for them', code: 'too_many_requests' });
      // Others from a fresh address are untouched.
      expect((await attempt(app, 'someone', '10.0.2.1')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('a limit that counts failures only', () => {
  it('refuses once max failures were counted, without counting the refused or successful attempts', async () => {
    const app = await appWithLimits();
    const failures = perIpLimit(app, 'fail-ip', 2, 'Too many failures');
    app.post('/try', async (request, reply) => {
      await failures.refuseIfSpent(request);
      if ((request.body as { ok?: boolean }).ok) return { ok: true };
      await failures.hit(request);
      return reply.status(401).send({ message: 'No' });
    });
    try {
      const send = (ok: boolean) =>
        app.inject({ method: 'POST', url: '/try', remoteAddress: '10.0.3.1', payload: { ok } });
      const statuses = [];
      for (const ok of [true, true, true, false, true, false, false, true]) statuses.push((await send(ok)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 401, 200, 401, 429, 429]);
    } finally {
      await app.close();
    }
  });
});
