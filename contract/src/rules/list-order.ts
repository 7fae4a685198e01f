/**
 * The inbox order (docs/product-rules.md#list-order): conversations whose last message is incoming first, then
 * the newest last message first; on a tie the greater id first, as the server pages (its index and cursor
 * follow the same order, so a page never skips or repeats a row and the browser never reshuffles one).
 */

export interface ListPosition {
  incoming: boolean;
  /** Milliseconds since the epoch of the last message; -Infinity without one (listed last). */
  time: number;
  id: string;
}

/** Negative when `a` is listed before `b`. */
export function compareListPositions(a: ListPosition, b: ListPosition): number {
  if (a.incoming !== b.incoming) return a.incoming ? -1 : 1;
  if (a.time !== b.time) return a.time > b.time ? -1 : 1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

interface Listed {
  id: string;
  lastMessage: { incoming: boolean; timestamp: string } | null;
}

export const listPositionOf = (conversation: Listed): ListPosition => ({
  incoming: conversation.lastMessage?.incoming ?? false,
  time: conversation.lastMessage ? Date.parse(conversation.lastMessage.timestamp) || 0 : -Infinity,
  id: conversation.id,
});

/** A sorted copy. Positions are computed once per row (not per comparison): 10,000 rows stay cheap. */
export function sortConversations<T extends Listed>(list: readonly T[]): T[] {
  return list
    .map((conversation) => ({ conversation, position: listPositionOf(conversation) }))
    .sort((a, b) => compareListPositions(a.position, b.position))
    .map((entry) => entry.conversation);
}
