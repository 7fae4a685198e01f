/**
 * Redis connections for several processes (REDIS_URL). A start with Redis unreachable fails at once with a
 * clear error, like an unreachable database; a Redis that goes away later is reconnected to by ioredis
 * (commands wait meanwhile) and each failure is logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** The URL without its password, for messages. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis';
  }
}

export async function connectRedis(url: string, name: string, log: FastifyBaseLogger): Promise<Redis> {
  // Loaded only when REDIS_URL is set: one process keeps its state in memory.
  const { Redis } = require('ioredis') as typeof import('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    connectionName: name,
    connectTimeout: 5_000,
    // A command waits through a short outage instead of failing at the first dropped connection.
    maxRetriesPerRequest: 5,
  });
  let lastError = '';
  client.on('error', (error: Error) => {
    // One line per distinct failure, not one per reconnection attempt.
    if (error.message === lastError) return;
    lastError = error.message;
    log.warn({ err: error, redis: name }, 'Redis connection error');
  });
  client.on('ready', () => {
    lastError = '';
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`Cannot reach Redis at ${describeRedisUrl(url)}: ${(error as Error).message}`, { cause: error });
  }
  return client;
}

/** Sends what is queued, then closes; a connection that is down is simply dropped. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') return void client.disconnect();
  await client.quit().catch(() => client.disconnect());
}
