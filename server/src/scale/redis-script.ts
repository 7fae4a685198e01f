/**
 * A Lua script as a function: ioredis sends it once (EVALSHA afterwards, reloading it when Redis restarted).
 * Scripts make read-modify-write steps atomic across processes.
 */
import type { Redis } from 'ioredis';

export type RedisScript = (...keysThenArgs: Array<string | number>) => Promise<unknown>;

export function defineRedisScript(redis: Redis, name: string, numberOfKeys: number, lua: string): RedisScript {
  redis.defineCommand(name, { numberOfKeys, lua });
  const command = (redis as unknown as Record<string, RedisScript>)[name];
  return (...keysThenArgs) => command.apply(redis, keysThenArgs);
}
