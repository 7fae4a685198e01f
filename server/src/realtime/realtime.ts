/**
 * socket.io on the app's HTTP server (default paths). A handshake must carry `auth: { token }`, checked like an
 * HTTP bearer token. Each socket joins `account:<accountId>` and `user:<userId>`; on every connect and
 * disconnect the account room receives 'getOnline' with the online user ids.
 */
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { AuthContext, Authenticator } from '../http/access';
import { HttpError } from '../http/errors';
import type { Presence } from './presence';

export interface Realtime {
  readonly io: Server;
  /** Emits to every connected user of the account. */
  toAccount(accountId: string, event: string, payload: unknown): void;
  /** Emits to every connection of one user. */
  toUser(userId: string, event: string, payload: unknown): void;
  /** Closes every connection of the user (suspension, deletion, password change). */
  disconnectUser(userId: string): void;
  onlineUserIds(accountId: string): Promise<string[]>;
}

export const accountRoom = (accountId: string) => `account:${accountId}`;
export const userRoom = (userId: string) => `user:${userId}`;

interface SocketData {
  auth: AuthContext;
}

export interface RealtimeOptions {
  server: HttpServer;
  authenticate: Authenticator;
  presence: Presence;
  corsOrigin: string;
  log: FastifyBaseLogger;
}

export function createRealtime({ server, authenticate, presence, corsOrigin, log }: RealtimeOptions): Realtime {
  const io = new Server(server, { cors: { origin: corsOrigin, credentials: true }, serveClient: false });

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0) return next(new Error('Authentication required'));
    authenticate(token).then(
      (auth) => {
        (socket.data as SocketData).auth = auth;
        next();
      },
      (error: unknown) => next(new Error(error instanceof HttpError ? error.message : 'Authentication failed')),
    );
  });

  const broadcastOnline = (accountId: string, ids: string[]) => io.to(accountRoom(accountId)).emit('getOnline', ids);

  io.on('connection', (socket: Socket) => {
    const { accountId, userId } = (socket.data as SocketData).auth;
    void socket.join([accountRoom(accountId), userRoom(userId)]);
    presence.connect(accountId, userId, socket.id).then(
      (ids) => broadcastOnline(accountId, ids),
      (error: unknown) => log.error({ err: error }, 'presence connect failed'),
    );
    socket.on('disconnect', () => {
      presence.disconnect(accountId, userId, socket.id).then(
        (ids) => broadcastOnline(accountId, ids),
        (error: unknown) => log.error({ err: error }, 'presence disconnect failed'),
      );
    });
  });

  return {
    io,
    toAccount: (accountId, event, payload) => void io.to(accountRoom(accountId)).emit(event, payload),
    toUser: (userId, event, payload) => void io.to(userRoom(userId)).emit(event, payload),
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
    onlineUserIds: (accountId) => presence.online(accountId),
  };
}
