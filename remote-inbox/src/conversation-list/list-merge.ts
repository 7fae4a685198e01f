import type { Conversation, ConversationStatus, RealtimeMessageEvent } from '@parley/shared';

/** Puts `conversation` in the rows of `tab` when its status belongs there, else takes it out. */
export function placeConversation(
  rows: Conversation[],
  conversation: Conversation,
  tab: ConversationStatus,
): Conversation[] {
  const index = rows.findIndex((row) => row.id === conversation.id);
  if (conversation.status !== tab) return index === -1 ? rows : rows.filter((row) => row.id !== conversation.id);
  if (index === -1) return [conversation, ...rows];
  const next = rows.slice();
  next[index] = keepUnreadCount(rows[index], conversation);
  return next;
}

/**
 * The account-wide `message` event's conversation has no unreadCount (it is per staff member): the row keeps the
 * count it had until the `conversation` event that follows brings the new one (docs/api.md, Realtime).
 */
function keepUnreadCount(previous: Conversation, next: Conversation): Conversation {
  const kept =
    next.unreadCount === undefined && previous.unreadCount !== undefined
      ? { ...next, unreadCount: previous.unreadCount }
      : next;
  // A row found by a message keeps its snippet (only list answers to `q` carry one; events never do).
  return kept.match === undefined && previous.match ? { ...kept, match: previous.match } : kept;
}

/**
 * A `conversation` event (someone closed, archived or reopened it, renamed its contact, read it, or a message
 * changed it) applied to the loaded rows of one tab: the row is updated in place, leaves a tab it no longer
 * belongs to, and joins the tab it now belongs to when it passes the tab's filters (`matches`), so it is never
 * shown in two tabs and no reload is needed. Conversations without a last message are never listed.
 */
export function applyConversationEvent(
  rows: Conversation[],
  conversation: Conversation,
  tab: ConversationStatus,
  matches: (conversation: Conversation) => boolean,
): Conversation[] {
  const known = rows.some((row) => row.id === conversation.id);
  if (!known && (conversation.status !== tab || !conversation.lastMessage || !matches(conversation))) return rows;
  return placeConversation(rows, conversation, tab);
}

/**
 * True when `next` is not older than the copy last seen: answers and events of one conversation can arrive out
 * of order (an action's answer and the event of someone else's later action), and an older copy must not move
 * a row back.
 */
export function isNotOlder(lastSeen: Conversation | undefined, next: Conversation): boolean {
  return !lastSeen || Date.parse(next.updatedAt) >= Date.parse(lastSeen.updatedAt);
}

/**
 * A page answered by the server, corrected by the newer copies events brought while it was on its way: such a row
 * is replaced by its newer copy, or dropped when that copy belongs to another tab.
 */
export function preferNewer(
  rows: Conversation[],
  newest: ReadonlyMap<string, Conversation>,
  tab: ConversationStatus,
): Conversation[] {
  const result: Conversation[] = [];
  for (const row of rows) {
    const copy = newest.get(row.id);
    if (!copy || isNotOlder(copy, row)) result.push(row);
    else if (copy.status === tab) result.push(keepUnreadCount(row, copy));
  }
  return result;
}

export type LiveListResult = { kind: 'rows'; rows: Conversation[] } | { kind: 'unknown' };

/**
 * A `message` event applied to the loaded rows of one tab. The event carries the conversation as the server has
 * it after the message (reactivated, with its new last message: docs/product-rules.md#reactivation). One this
 * tab has never seen but now belongs in is "unknown": the caller reloads the list, which also applies the
 * search filters (docs/product-rules.md#conversation-status).
 */
export function applyLiveEvent(
  rows: Conversation[],
  event: RealtimeMessageEvent,
  tab: ConversationStatus,
): LiveListResult {
  const known = rows.some((row) => row.id === event.conversationId);
  if (!known && event.conversation.status === tab) return { kind: 'unknown' };
  return { kind: 'rows', rows: placeConversation(rows, event.conversation, tab) };
}
