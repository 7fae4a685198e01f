/**
 * socket.io's Redis adapter: a room emit (`io.to(room).emit`, `disconnectSockets`) on one process reaches the
 * sockets of every process. One client publishes, a second one (put in subscriber mode) listens.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';

/**
 * The adapter publishes without handling the result: while Redis is down longer than the command retries, each
 * emit would be an unhandled rejection, which stops a Node process. This client logs those failures instead
 * (the event is lost for the other processes, as it would be for a socket that is offline).
 */
function publishingSafely(pub: Redis, log: Pick<FastifyBaseLogger, 'warn'>): Redis {
  const publish = (...args: Parameters<Redis['publish']>) =>
    pub.publish(...args).catch((error: unknown) => {
      log.warn({ err: error }, 'realtime event not published to the other processes (Redis)');
      return 0;
    });
  return new Proxy(pub, {
    get(target, property) {
      if (property === 'publish') return publish;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function useRedisAdapter(
  io: Server,
  pub: Redis,
  sub: Redis,
  channelPrefix: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): void {
  // Loaded only when REDIS_URL is set (scale/shared-state.ts), like ioredis.
  const { createAdapter } = require('@socket.io/redis-adapter') as typeof import('@socket.io/redis-adapter');
  io.adapter(
    createAdapter(publishingSafely(pub, log), sub, {
      key: channelPrefix,
      // Answers to cross-process requests (fetchSockets, serverSideEmit acks) go only to the process that asked.
      publishOnSpecificResponseChannel: true,
    }),
  );
}
