/**
 * The Redis-backed presence as two processes see it (two instances on two
 * connections, one key prefix of this run's own).
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
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
    const seen = ({ online, changed }: { online: string[]; changed: boolean }) => ({ online: online.sort(), changed });
    expect(seen(await one.connect('acc', 'u1', 's1'))).toEqual({ online: ['u1'], changed: true });
    expect(seen(await two.connect('acc', 'u2', 's2'))).toEqual({ online: ['u1', 'u2'], changed: true });
    // A second connection of u1 (on another process) and the end of the first change nobody's list.
    expect(seen(await two.connect('acc', 'u1', 's3'))).toEqual({ online: ['u1', 'u2'], changed: false });
    expect(seen(await one.disconnect('acc', 'u1', 's1'))).toEqual({ online: ['u1', 'u2'], changed: false });
    expect(seen(await two.disconnect('acc', 'u1', 's3'))).toEqual({ online: ['u2'], changed: true });
    expect(await one.online('acc')).toEqual(['u2']);
    expect(await one.online('another-account')).toEqual([]);
  });

  it('forgets the users of a process that stopped refreshing, and a refreshing process announces it', async () => {
    const survivor = presence(2);
    const crashed = presence(2);
    const announced: Array<{ accountId: string; ids: string[] }> = [];
    survivor.startRefreshing((accountId, ids) => announced.push({ accountId, ids }));
    await survivor.connect('acc2', 'alive', 'sa');
    expect((await crashed.connect('acc2', 'ghost', 'sg')).online.sort()).toEqual(['alive', 'ghost']);

    // `crashed` never refreshes (as after SIGKILL): within the TTL its user is gone and the survivor says so.
    const change = await waitFor(
      () => announced.find((entry) => entry.accountId === 'acc2'),
      'the survivor to announce the change',
      4_000,
    );
    expect(change.ids).toEqual(['alive']);
    expect(await crashed.online('acc2')).toEqual(['alive']);
  });
});
