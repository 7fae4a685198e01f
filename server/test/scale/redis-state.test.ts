/**
 * The Redis-backed presence and rate-limit counters as two processes see them (two instances on two
 * connections, one key prefix of this run's own).
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { RedisRateLimitStore } from '../../src/http/redis-rate-limit-store';
import { RedisPresence } from '../../src/realtime/redis-presence';
import { deleteRedisKeys, waitFor } from './cluster';
import { describeScale, REDIS_URL } from './services';

const silentLog = { warn: () => undefined } as never;

describeScale('shared state in Redis', () => {
  const prefix = `parley-test-${crypto.randomBytes(5).toString('hex')}:`;
  const clients: Redis[] = [];
  const presences: RedisPresence[] = [];
  const client = () => {
    const redis = new Redis(REDIS_URL);
    clients.push(redis);
    return redis;
  };
  const presence = (ttlSeconds = 30) => {
    const instance = new RedisPresence({
      redis: client(),
      keyPrefix: `${prefix}presence:`,
      ttlSeconds,
      log: silentLog,
    });
    presences.push(instance);
    return instance;
  };

  afterAll(async () => {
    await Promise.all(presences.map((p) => p.stop()));
    await deleteRedisKeys(prefix);
    for (const redis of clients) redis.disconnect();
  });

  it('shares who is online between processes, keeping a user while any of their connections remains', async () => {
    const [one, two] = [presence(), presence()];
    expect(await one.connect('acc', 'u1', 's1')).toEqual(['u1']);
    expect((await two.connect('acc', 'u2', 's2')).sort()).toEqual(['u1', 'u2']);
    expect((await two.connect('acc', 'u1', 's3')).sort()).toEqual(['u1', 'u2']);
    expect((await one.disconnect('acc', 'u1', 's1')).sort()).toEqual(['u1', 'u2']);
    expect(await two.disconnect('acc', 'u1', 's3')).toEqual(['u2']);
    expect(await one.online('acc')).toEqual(['u2']);
    expect(await one.online('another-account')).toEqual([]);
  });

  it('forgets the users of a process that stopped refreshing, and a refreshing process announces it', async () => {
    const survivor = presence(2);
    const crashed = presence(2);
    const announced: Array<{ accountId: string; ids: string[] }> = [];
    survivor.startRefreshing((accountId, ids) => announced.push({ accountId, ids }));
    await survivor.connect('acc2', 'alive', 'sa');
    expect((await crashed.connect('acc2', 'ghost', 'sg')).sort()).toEqual(['alive', 'ghost']);

    // `crashed` never refreshes (as after SIGKILL): within the TTL its user is gone and the survivor says so.
    const change = await waitFor(
      () => announced.find((entry) => entry.accountId === 'acc2'),
      'the survivor to announce the change',
      4_000,
    );
    expect(change.ids).toEqual(['alive']);
    expect(await crashed.online('acc2')).toEqual(['alive']);
  });

  it('counts rate-limited attempts of every process in one window', async () => {
    const [one, two] = [
      new RedisRateLimitStore(client(), `${prefix}rate:`),
      new RedisRateLimitStore(client(), `${prefix}rate:`),
    ];
    const first = await one.hit('login:1.2.3.4:a@example.test', 60_000);
    const second = await two.hit('login:1.2.3.4:a@example.test', 60_000);
    expect([first.count, second.count]).toEqual([1, 2]);
    expect(second.resetAt).toBeGreaterThan(Date.now());
    expect(Math.abs(second.resetAt - first.resetAt)).toBeLessThan(1_000);
    expect((await one.hit('login:1.2.3.4:b@example.test', 60_000)).count).toBe(1);
  });

  it('starts a new window once the old one ran out', async () => {
    const store = new RedisRateLimitStore(client(), `${prefix}rate:`);
    await store.hit('short', 100);
    expect((await store.hit('short', 100)).count).toBe(2);
    await waitFor(async () => (await store.hit('short', 100)).count === 1, 'a fresh window', 3_000);
  });
});
