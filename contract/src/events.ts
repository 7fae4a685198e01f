/** Socket events, server → client (socket.io, `auth: { token }`); a socket joins only its own account's room. */
import { z } from 'zod';
import { connectionState, conversation, conversationSummary, labelList, message } from './answers';

export const SOCKET_EVENTS = {
  /** The online user ids of the account. */
  getOnline: 'getOnline',
  /** Every new or updated message (incoming, outgoing, status). */
  message: 'message',
  /** To a user an owner just suspended or deleted, right before their sockets are cut. */
  sessionEnded: 'sessionEnded',
  /** The account's WhatsApp connection state, whenever it changes. */
  connection: 'connection',
  /** A conversation as it is after a committed change, for the receiving staff member (unreadCount is theirs). */
  conversation: 'conversation',
  /**
   * The same for several conversations at once, to a socket whose handshake declared
   * `SOCKET_ABILITIES.conversationBatches` (such a socket gets no `conversation` events): one frame per staff member
   * for a burst of changes instead of one per conversation (contract 1.1).
   */
  conversations: 'conversations',
  /**
   * `message` events of a few milliseconds in one frame, in the order they happened, to a socket whose handshake
   * declared `SOCKET_ABILITIES.messageBatches` (such a socket gets no `message` events): in a burst, a frame per
   * socket for several messages instead of one each (contract 1.2).
   */
  messages: 'messages',
  /** The account's labels, after an owner added, renamed, recoloured or deleted one (to refresh pickers and rows). */
  labels: 'labels',
} as const;

export const onlineUsersEvent = z.array(z.string());

/** The message and its conversation as they are after it (the server always sends both). */
export const realtimeMessageEvent = z.object({ conversationId: z.string(), message, conversation });

/** The `message` events a `messages` frame stands for, in the order they happened. */
export const realtimeMessagesEvent = z.array(realtimeMessageEvent);

/** Status, contact, last message or the receiver's unread changed; with the receiver's tab counts and total. */
export const conversationEvent = conversationSummary.extend({
  conversation: conversation.extend({ unreadCount: z.number().int().min(0) }),
});

/**
 * Conversations changed together, each as it is after the change with the receiver's unreadCount, in the order they
 * are to be applied; the tab counts and the receiver's unread total are as they are after all of them.
 */
export const conversationsEvent = conversationSummary.extend({
  conversations: z.array(conversation.extend({ unreadCount: z.number().int().min(0) })),
});

export const sessionEndedEvent = z.object({ reason: z.enum(['suspended', 'deleted']) });

export const connectionEvent = connectionState;

/** Every label of the account, by name, as it is now. */
export const labelsEvent = labelList;

export type RealtimeMessageEvent = z.infer<typeof realtimeMessageEvent>;
export type RealtimeMessagesEvent = z.infer<typeof realtimeMessagesEvent>;
export type ConversationEvent = z.infer<typeof conversationEvent>;
export type ConversationsEvent = z.infer<typeof conversationsEvent>;
export type SessionEndedEvent = z.infer<typeof sessionEndedEvent>;
export type LabelsEvent = z.infer<typeof labelsEvent>;
