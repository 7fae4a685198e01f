import { loadConfig } from '../config';

describe('configuration for several processes', () => {
  it('keeps one process (no Redis) with the documented defaults', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.redisUrl).toBeUndefined();
    expect(config.scale).toEqual({
      redisKeyPrefix: 'parley:',
      presenceTtlSeconds: 15,
      jobLeaseMs: 60_000,
      trustProxy: false,
    });
  });

  it('takes REDIS_URL, the key prefix, the presence expiry, the job lease and the trusted proxies', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      REDIS_URL: 'rediss://user:secret@redis.internal:6380/2',
      REDIS_KEY_PREFIX: 'acme:parley:',
      PRESENCE_TTL_SECONDS: '20',
      JOB_LEASE_SECONDS: '30',
      TRUST_PROXY: 'loopback, 10.0.0.0/8',
    });
    expect(config.redisUrl).toBe('rediss://user:secret@redis.internal:6380/2');
    expect(config.scale).toEqual({
      redisKeyPrefix: 'acme:parley:',
      presenceTtlSeconds: 20,
      jobLeaseMs: 30_000,
      trustProxy: 'loopback, 10.0.0.0/8',
    });
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' }).scale.trustProxy).toBe(true);
  });

  it('refuses bad values, naming each variable', () => {
    const start = () =>
      loadConfig({
        NODE_ENV: 'test',
        REDIS_URL: 'http://redis:6379',
        PRESENCE_TTL_SECONDS: '1',
        JOB_LEASE_SECONDS: 'soon',
        REDIS_KEY_PREFIX: 'has space',
      });
    expect(start).toThrow('REDIS_URL: must be a URL starting with redis:// or rediss:// (got "http://redis:6379")');
    expect(start).toThrow('PRESENCE_TTL_SECONDS: must be a whole number between 2 and 3600');
    expect(start).toThrow('JOB_LEASE_SECONDS: must be a whole number between 2 and 3600');
    expect(start).toThrow('REDIS_KEY_PREFIX: must be 1-64 letters, digits or _ : . -');
  });
});
