/**
 * Who is here (issue #21, docs/api.md#socket-events): socket events of the staff viewing one conversation. Kept
 * apart from events.ts so each feature's events can land on their own.
 */
import { z } from 'zod';

/** Client → server; each answers an optional ack (`socketAck`). */
export const CLIENT_SOCKET_EVENTS = {
  /** The conversation the staff member has open now (null: none): joins its viewers, leaves the previous one. */
  viewing: 'viewing',
  /** The composer's text changed (sent at most once per 3 s), or was emptied (`stopped`), in the viewed conversation. */
  typing: 'typing',
} as const;

/** Server → the sockets viewing the conversation. */
export const WHO_IS_HERE_EVENTS = {
  /** Who is viewing it, whenever the set changes (the receiver included). */
  viewers: 'viewers',
  /** A colleague viewing it is writing a reply; never to the typist's own socket. */
  typing: 'typing',
} as const;

export const viewingRequest = z.object({ conversationId: z.string().uuid().nullable() });

export const typingRequest = z.object({ conversationId: z.string().uuid(), stopped: z.boolean().optional() });

/** The staff members (of the conversation's account) with it open in at least one tab, in no set order. */
export const viewersEvent = z.object({
  conversationId: z.string(),
  users: z.array(z.object({ id: z.string(), fullName: z.string() })),
});

/** `stopped`: the colleague emptied the message box (otherwise the indicator lapses on its own after ~5 s). */
export const typingEvent = z.object({
  conversationId: z.string(),
  userId: z.string(),
  fullName: z.string(),
  stopped: z.boolean().optional(),
});

export const socketAck = z.union([z.object({ ok: z.literal(true) }), z.object({ error: z.string() })]);

export type ViewingRequest = z.infer<typeof viewingRequest>;
export type TypingRequest = z.infer<typeof typingRequest>;
export type ViewersEvent = z.infer<typeof viewersEvent>;
export type TypingEvent = z.infer<typeof typingEvent>;
export type SocketAck = z.infer<typeof socketAck>;
