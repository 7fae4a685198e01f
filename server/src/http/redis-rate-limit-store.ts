/**
 * RateLimitStore in Redis, so every process counts the same attempts: a fixed window per key, INCR then PEXPIRE
 * on the first hit, in one Lua script (atomic: no counter is ever left without an expiry).
 */
import type { Redis } from 'ioredis';
import { defineRedisScript, type RedisScript } from '../scale/redis-script';
import type { RateLimitStore } from './rate-limiter';

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  ttl = tonumber(ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return {count, ttl}
`;

export class RedisRateLimitStore implements RateLimitStore {
  private readonly hitScript: RedisScript;

  constructor(
    redis: Redis,
    /** Put before every counter's key, e.g. `parley:rate:`. */
    private readonly keyPrefix: string,
  ) {
    this.hitScript = defineRedisScript(redis, 'parleyRateLimitHit', 1, HIT_SCRIPT);
  }

  async hit(key: string, windowMs: number) {
    const [count, ttl] = (await this.hitScript(this.keyPrefix + key, windowMs)) as [number, number];
    return { count, resetAt: Date.now() + ttl };
  }
}
