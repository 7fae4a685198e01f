/**
 * socket.io on the app's HTTP server (default paths). A handshake must carry `auth: { token }`, checked like an
 * HTTP bearer token. Each socket joins `account:<accountId>` and `user:<userId>`. 'getOnline' carries the
 * account's online user ids: a connecting socket always receives it; the account room receives it only when the
 * list changed (a user's first socket arrived or their last one left), so a thousand tabs connecting do not
 * send the whole list a thousand times to everyone.
 *
 * `conversation` events go per user to one of two rooms, by what the socket's handshake declared: `conversations`
 * batches (`auth.conversationBatches`, docs/api.md, Realtime) or, for a browser from before them, one `conversation`
 * event per conversation. Likewise `message` events go per account to `messages` frames (`auth.messageBatches`,
 * message-frames.ts) or one `message` event each.
 */
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { SOCKET_ABILITIES, SOCKET_EVENTS } from '@parley/contract';
import { Server, type Socket } from 'socket.io';
import type { AuthContext, Authenticator } from '../http/access';
import { HttpError } from '../http/errors';
import { createMessageFrames } from './message-frames';
import type { Presence } from './presence';

export interface Realtime {
  readonly io: Server;
  /** Emits to every connected user of the account. */
  toAccount(accountId: string, event: string, payload: unknown): void;
  /**
   * A `message` event to every connected user of the account: at once to sockets that take one event per message,
   * in the next `messages` frame to those that take batches (message-frames.ts).
   */
  toAccountMessage(accountId: string, payload: unknown): void;
  /** Sends the `messages` frames that wait, so that what is emitted next follows them. */
  flushMessages(): void;
  /** Emits to every connection of one user. */
  toUser(userId: string, event: string, payload: unknown): void;
  /** Closes every connection of the user (suspension, deletion, password change). */
  disconnectUser(userId: string): void;
  onlineUserIds(accountId: string): Promise<string[]>;
  /** Emits to the rooms (e.g. `conversationRoom(userId, true)`), encoded once; a socket in several gets it once. */
  toRoom(rooms: string | string[], event: string, payload: unknown): void;
  /**
   * False when no socket can be in the room: one process that holds none. Several processes (Redis) always
   * answer true, since the room may have members elsewhere. Lets a caller skip building an event nobody gets.
   */
  mayHaveMembers(room: string): boolean;
}

export const accountRoom = (accountId: string) => `account:${accountId}`;
export const userRoom = (userId: string) => `user:${userId}`;
/** A user's sockets that take `conversations` batches (`batches`), or one `conversation` event per conversation. */
export const conversationRoom = (userId: string, batches: boolean) =>
  `${batches ? 'conversations' : 'conversation'}:${userId}`;
/** An account's sockets that take `messages` frames (`batches`), or one `message` event per message. */
export const messageRoom = (accountId: string, batches: boolean) => `${batches ? 'messages' : 'message'}:${accountId}`;

interface SocketData {
  auth: AuthContext;
}

export interface RealtimeOptions {
  server: HttpServer;
  authenticate: Authenticator;
  presence: Presence;
  corsOrigin: string;
  log: FastifyBaseLogger;
  /** Rooms span several processes (the Redis adapter is attached). */
  spansProcesses?: boolean;
}

export function createRealtime({
  server,
  authenticate,
  presence,
  corsOrigin,
  log,
  spansProcesses = false,
}: RealtimeOptions): Realtime {
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

  const mayHaveMembers = (room: string) => spansProcesses || (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;
  const messageFrames = createMessageFrames((room, payloads) => io.to(room).emit(SOCKET_EVENTS.messages, payloads));

  const broadcastOnline = (accountId: string, ids: string[]) => io.to(accountRoom(accountId)).emit('getOnline', ids);

  io.on('connection', (socket: Socket) => {
    const { accountId, userId } = (socket.data as SocketData).auth;
    const declared = (ability: string) => socket.handshake.auth?.[ability] === true;
    void socket.join([
      accountRoom(accountId),
      userRoom(userId),
      conversationRoom(userId, declared(SOCKET_ABILITIES.conversationBatches)),
      messageRoom(accountId, declared(SOCKET_ABILITIES.messageBatches)),
    ]);
    presence.connect(accountId, userId, socket.id).then(
      // The room includes this socket: a change reaches it with everyone else.
      ({ online, changed }) => (changed ? broadcastOnline(accountId, online) : socket.emit('getOnline', online)),
      (error: unknown) => log.error({ err: error }, 'presence connect failed'),
    );
    socket.on('disconnect', () => {
      presence.disconnect(accountId, userId, socket.id).then(
        ({ online, changed }) => changed && broadcastOnline(accountId, online),
        (error: unknown) => log.error({ err: error }, 'presence disconnect failed'),
      );
    });
  });

  return {
    io,
    toAccount: (accountId, event, payload) => void io.to(accountRoom(accountId)).emit(event, payload),
    toAccountMessage(accountId, payload) {
      const each = messageRoom(accountId, false);
      if (mayHaveMembers(each)) io.to(each).emit(SOCKET_EVENTS.message, payload);
      const batches = messageRoom(accountId, true);
      if (mayHaveMembers(batches)) messageFrames.add(batches, payload);
    },
    flushMessages: () => messageFrames.flush(),
    toUser: (userId, event, payload) => void io.to(userRoom(userId)).emit(event, payload),
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
    onlineUserIds: (accountId) => presence.online(accountId),
    toRoom: (rooms, event, payload) => void io.to(rooms).emit(event, payload),
    mayHaveMembers,
  };
}
