/**
 * Batches (docs/api.md, Realtime): a socket whose handshake declares the ability gets a burst's events in fewer
 * frames — `conversations` (one frame per staff member for the conversations changed since the last round) instead
 * of one `conversation` event per conversation, `messages` (the `message` events of a few milliseconds) instead of
 * one `message` event per message.
 */
import type { ConversationEvent, ConversationsEvent } from '../events';

/**
 * What a socket's handshake (`auth`) may declare beside its token, each `true`: an ability of the browser code that
 * opened it. A server ignores what it does not know, and a browser that declares nothing gets what it always got.
 */
export const SOCKET_ABILITIES = {
  /** `conversations` batches instead of one `conversation` event per conversation (contract 1.1). */
  conversationBatches: 'conversationBatches',
  /** `messages` batches instead of one `message` event per message (contract 1.2). */
  messageBatches: 'messageBatches',
} as const;

/** The `conversation` events a batch stands for, in its order: what a browser without the ability gets. */
export function conversationEventsOf(batch: ConversationsEvent): ConversationEvent[] {
  const { conversations, ...summary } = batch;
  return conversations.map((conversation) => ({ ...summary, conversation }));
}
