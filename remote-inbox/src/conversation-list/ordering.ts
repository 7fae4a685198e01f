import type { Conversation } from '@parley/shared';

/**
 * Spec section 4: conversations whose last message is incoming first, then newest last message first.
 * Keys are computed once per row (not per comparison) so sorting 10,000 rows stays cheap.
 */
export function sortConversations(list: Conversation[]): Conversation[] {
  const keyed = list.map((conversation) => ({
    conversation,
    incoming: conversation.lastMessage?.incoming ? 1 : 0,
    time: conversation.lastMessage ? Date.parse(conversation.lastMessage.timestamp) || 0 : -Infinity,
  }));
  keyed.sort(
    (a, b) =>
      b.incoming - a.incoming ||
      b.time - a.time ||
      (a.conversation.id < b.conversation.id ? -1 : a.conversation.id > b.conversation.id ? 1 : 0),
  );
  return keyed.map((entry) => entry.conversation);
}
