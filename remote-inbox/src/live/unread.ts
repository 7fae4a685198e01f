import type { RealtimeMessageEvent } from '@parley/shared';

/**
 * Unread counts kept by this browser: incoming messages that arrived live since the conversation was last
 * opened here. Message ids already counted are remembered so a status update or a duplicate is not counted twice.
 */
export interface UnreadState {
  counts: Readonly<Record<string, number>>;
  counted: ReadonlySet<string>;
}

export const EMPTY_UNREAD: UnreadState = { counts: {}, counted: new Set() };

/** Remembering a few thousand ids is plenty to catch duplicates, and keeps memory flat on a busy day. */
const MAX_REMEMBERED = 5000;

/** True for the first sighting of an incoming message. */
export function isNewIncoming(state: UnreadState, event: RealtimeMessageEvent): boolean {
  return event.message.direction === 'incoming' && !state.counted.has(event.message.id);
}

export function countIncoming(
  state: UnreadState,
  event: RealtimeMessageEvent,
  openConversationId: string | null,
): UnreadState {
  if (!isNewIncoming(state, event)) return state;
  const counted = new Set(state.counted);
  counted.add(event.message.id);
  if (counted.size > MAX_REMEMBERED) counted.delete(counted.values().next().value as string);
  if (event.conversationId === openConversationId) return { counts: state.counts, counted };
  const counts = { ...state.counts, [event.conversationId]: (state.counts[event.conversationId] ?? 0) + 1 };
  return { counts, counted };
}

export function markRead(state: UnreadState, conversationId: string): UnreadState {
  if (!state.counts[conversationId]) return state;
  const counts = { ...state.counts };
  delete counts[conversationId];
  return { counts, counted: state.counted };
}
