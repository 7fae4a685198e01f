/**
 * socket.io's Redis adapter: a room emit (`io.to(room).emit`, `disconnectSockets`) on one process reaches the
 * sockets of every process. One client publishes, a second one (put in subscriber mode) listens.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';

export function useRedisAdapter(io: Server, pub: Redis, sub: Redis, channelPrefix: string): void {
  io.adapter(
    createAdapter(pub, sub, {
      key: channelPrefix,
      // Answers to cross-process requests (fetchSockets, serverSideEmit acks) go only to the process that asked.
      publishOnSpecificResponseChannel: true,
    }),
  );
}
