/**
 * `conversations` batches (docs/api.md, Realtime): a socket whose handshake declares the ability gets one frame per
 * staff member for a burst of conversation changes instead of one `conversation` event per conversation.
 */
import type { ConversationEvent, ConversationsEvent } from '../events';

/**
 * What a socket's handshake (`auth`) may declare beside its token, each `true`: an ability of the browser code that
 * opened it. A server ignores what it does not know, and a browser that declares nothing gets what it always got.
 */
export const SOCKET_ABILITIES = {
  /** `conversations` batches instead of one `conversation` event per conversation (contract 1.1). */
  conversationBatches: 'conversationBatches',
} as const;

/** The `conversation` events a batch stands for, in its order: what a browser without the ability gets. */
export function conversationEventsOf(batch: ConversationsEvent): ConversationEvent[] {
  const { conversations, ...summary } = batch;
  return conversations.map((conversation) => ({ ...summary, conversation }));
}
