/**
 * Who is here (issue #21, docs/api.md#socket-events): the staff members with a conversation open, and who of them
 * is writing a reply. A socket says `viewing` { conversationId | null } when its chat pane opens or closes; once the
 * conversation is found in the socket's own account, the socket joins that conversation's room. Whenever a room's
 * members change, the room receives `viewers` (everyone in it, deduplicated by user). `typing` is forwarded to
 * the room's other sockets only. The set lives in socket.io's rooms, so with the Redis adapter `fetchSockets()`
 * answers across processes; nothing here keeps viewers in process memory. User ids always come from the token.
 */
import {
  CLIENT_SOCKET_EVENTS,
  typingRequest,
  viewingRequest,
  WHO_IS_HERE_EVENTS,
  type SocketAck,
  type TypingEvent,
  type ViewersEvent,
  ERROR_TEXTS,
} from '@parley/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { Db } from '../db/client';
import type { AuthContext } from '../http/access';
import { conversations } from '../modules/conversations/schema';
import { users } from '../modules/users/schema';
import type { AppModule } from '../services';

/** Clients send `typing` at most every 3 s; this only guards the room against a client that floods. */
export const TYPING_MIN_GAP_MS = 1000;

export const conversationRoom = (accountId: string, conversationId: string) =>
  `conversation:${accountId}:${conversationId}`;

export interface ViewerLookup {
  /** Whether the conversation exists in the account. */
  inAccount(accountId: string, conversationId: string): Promise<boolean>;
  fullName(userId: string): Promise<string>;
}

/** What this feature keeps on `socket.data` (the socket's own data travels with fetchSockets across processes). */
interface PresenceSocketData {
  auth: AuthContext;
  fullName?: string;
  viewing?: { conversationId: string; room: string };
  /** Bumped by every `viewing`: an older request still looking up its conversation then changes nothing. */
  viewingRequest?: number;
  typingAt?: number;
}

type Ack = (answer: SocketAck) => void;
const OK: SocketAck = { ok: true };
const ackOf = (ack: unknown): Ack => (typeof ack === 'function' ? (ack as Ack) : () => undefined);

export function installConversationPresence(io: Server, lookup: ViewerLookup, log: FastifyBaseLogger): void {
  // Announcements of one room leave this process in order, so a slower lookup never overwrites a newer set.
  const announcing = new Map<string, Promise<void>>();

  const broadcastViewers = async (room: string, conversationId: string) => {
    const sockets = await io.in(room).fetchSockets();
    const byId = new Map<string, ViewersEvent['users'][number]>();
    for (const { data } of sockets) {
      const { auth, fullName } = data as PresenceSocketData;
      byId.set(auth.userId, { id: auth.userId, fullName: fullName ?? '' });
    }
    const event: ViewersEvent = { conversationId, users: [...byId.values()] };
    io.to(room).emit(WHO_IS_HERE_EVENTS.viewers, event);
  };

  const announce = (room: string, conversationId: string) => {
    const next = (announcing.get(room) ?? Promise.resolve())
      .then(() => broadcastViewers(room, conversationId))
      .catch((error: unknown) => log.warn({ err: error }, 'viewers not announced'));
    announcing.set(room, next);
    void next.then(() => announcing.get(room) === next && announcing.delete(room));
  };

  const setViewing = async (socket: Socket, conversationId: string | null, request: number): Promise<SocketAck> => {
    const data = socket.data as PresenceSocketData;
    const { accountId, userId } = data.auth;
    if (conversationId) {
      if (!(await lookup.inAccount(accountId, conversationId))) return { error: ERROR_TEXTS.conversation_not_found };
      data.fullName ??= await lookup.fullName(userId);
    }
    // A later `viewing` came in meanwhile: it decides.
    if (request !== data.viewingRequest || !socket.connected) return OK;
    const previous = data.viewing;
    if (previous?.conversationId === conversationId) {
      // The same conversation again (the chat pane remounted): this socket still gets the current set.
      announce(previous.room, previous.conversationId);
      return OK;
    }
    if (previous) await socket.leave(previous.room);
    data.viewing = conversationId ? { conversationId, room: conversationRoom(accountId, conversationId) } : undefined;
    data.typingAt = undefined;
    if (data.viewing) await socket.join(data.viewing.room);
    if (previous) announce(previous.room, previous.conversationId);
    if (data.viewing) announce(data.viewing.room, data.viewing.conversationId);
    return OK;
  };

  io.on('connection', (socket: Socket) => {
    const data = socket.data as PresenceSocketData;

    socket.on(CLIENT_SOCKET_EVENTS.viewing, (payload: unknown, ack: unknown) => {
      const reply = ackOf(ack);
      const parsed = viewingRequest.safeParse(payload);
      if (!parsed.success) return reply({ error: 'Invalid request' });
      const request = (data.viewingRequest ?? 0) + 1;
      data.viewingRequest = request;
      setViewing(socket, parsed.data.conversationId, request).then(reply, (error: unknown) => {
        log.warn({ err: error }, 'viewing not recorded');
        reply({ error: 'Not available' });
      });
    });

    socket.on(CLIENT_SOCKET_EVENTS.typing, (payload: unknown, ack: unknown) => {
      const reply = ackOf(ack);
      const parsed = typingRequest.safeParse(payload);
      if (!parsed.success) return reply({ error: 'Invalid request' });
      const { conversationId, stopped } = parsed.data;
      const viewing = data.viewing;
      // Only into the room this socket joined after the account check.
      if (viewing?.conversationId !== conversationId) return reply({ error: 'Not viewing this conversation' });
      const now = Date.now();
      if (!stopped && data.typingAt !== undefined && now - data.typingAt < TYPING_MIN_GAP_MS) return reply(OK);
      data.typingAt = stopped ? undefined : now;
      const event: TypingEvent = {
        conversationId,
        userId: data.auth.userId,
        fullName: data.fullName ?? '',
        ...(stopped ? { stopped: true } : {}),
      };
      socket.to(viewing.room).emit(WHO_IS_HERE_EVENTS.typing, event);
      reply(OK);
    });

    // socket.io has already taken the socket out of its rooms here: the others get the set without it.
    socket.on('disconnect', () => {
      if (data.viewing) announce(data.viewing.room, data.viewing.conversationId);
    });
  });
}

export function databaseViewerLookup(db: Db): ViewerLookup {
  return {
    async inAccount(accountId, conversationId) {
      const [row] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.id, conversationId), eq(conversations.accountId, accountId)))
        .limit(1);
      return row !== undefined;
    },
    async fullName(userId) {
      const [row] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.fullName ?? '';
    },
  };
}

export const conversationPresenceModule: AppModule = {
  name: 'conversation-presence',
  register(app, { db, realtime }) {
    installConversationPresence(realtime.io, databaseViewerLookup(db), app.log);
  },
};
