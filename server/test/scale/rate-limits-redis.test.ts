/**
 * Rate limits as two processes see them with REDIS_URL: two apps, each with its own Redis connection and the
 * same key prefix, count the same attempts (@fastify/rate-limit's Redis store).
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { installErrorHandler } from '../../src/http/error-handler';
import { defineRateLimit, installRateLimits } from '../../src/http/rate-limit';
import { deleteRedisKeys } from './cluster';
import { describeScale, REDIS_URL } from './services';

describeScale('rate limits in Redis', () => {
  const prefix = `parley-test-${crypto.randomBytes(5).toString('hex')}:`;
  const apps: FastifyInstance[] = [];
  const clients: Redis[] = [];

  const processLike = async () => {
    const client = new Redis(REDIS_URL);
    clients.push(client);
    const app = Fastify();
    installErrorHandler(app);
    await installRateLimits(app, { client, keyPrefix: prefix });
    const limit = defineRateLimit(app, {
      name: 'login-ip',
      max: 2,
      windowMs: 60_000,
      message: 'Too many login attempts',
      key: (request) => request.ip,
    });
    app.post('/auth/login', async (request) => {
      await limit(request);
      return { ok: true };
    });
    await app.ready();
    apps.push(app);
    return app;
  };

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await deleteRedisKeys(prefix);
    for (const client of clients) client.disconnect();
  });

  it('counts the attempts of every process in one window, under the deployment prefix', async () => {
    const [one, two] = [await processLike(), await processLike()];
    const login = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '10.9.8.7', payload: {} });
    expect((await login(one)).statusCode).toBe(200);
    expect((await login(two)).statusCode).toBe(200);
    const third = await login(one);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: 'Too many login attempts', code: 'too_many_requests' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    const keys = await clients[0].keys(`${prefix}rate:*`);
    expect(keys.some((key) => key.includes('login-ip:10.9.8.7'))).toBe(true);
  });
});
