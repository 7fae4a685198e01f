/**
 * What several processes must share, chosen by REDIS_URL: without it, nothing (buildApp keeps presence and rate
 * limits in memory: one process); with it, socket.io's Redis adapter, presence and rate-limit counters in Redis.
 * Durable work is in the database already (src/jobs), so nothing that matters lives in one process's memory.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { Config } from '../config';
import type { Redis } from 'ioredis';
import { useRedisAdapter } from '../realtime/redis-adapter';
import { RedisPresence } from '../realtime/redis-presence';
import { accountRoom } from '../realtime/realtime';
import { closeRedis, connectRedis } from './redis-client';

export interface SharedState {
  presence: RedisPresence;
  /** Where @fastify/rate-limit keeps its counters (http/rate-limit.ts). */
  rateLimitRedis: { client: Redis; keyPrefix: string };
  /** Joins socket.io to the other processes and starts the presence refresh (announcing changes it finds). */
  attach(io: Server): void;
  /** After the sockets closed: waits for their last presence updates, then closes the Redis connections. */
  close(): Promise<void>;
}

export async function openSharedState(config: Config, log: FastifyBaseLogger): Promise<SharedState | undefined> {
  if (!config.redisUrl) return undefined;
  const prefix = config.scale.redisKeyPrefix;
  const commands = await connectRedis(config.redisUrl, 'parley-commands', log);
  let subscriber;
  try {
    subscriber = await connectRedis(config.redisUrl, 'parley-subscriber', log);
  } catch (error) {
    await closeRedis(commands);
    throw error;
  }
  const presence = new RedisPresence({
    redis: commands,
    keyPrefix: `${prefix}presence:`,
    ttlSeconds: config.scale.presenceTtlSeconds,
    log,
  });
  let closing: Promise<void> | undefined;
  return {
    presence,
    rateLimitRedis: { client: commands, keyPrefix: prefix },
    attach(io) {
      useRedisAdapter(io, commands, subscriber, `${prefix}socket.io`, log);
      presence.startRefreshing((accountId, ids) => io.to(accountRoom(accountId)).emit('getOnline', ids));
    },
    close() {
      closing ??= (async () => {
        await presence.stop();
        await Promise.all([closeRedis(commands), closeRedis(subscriber)]);
      })();
      return closing;
    },
  };
}
