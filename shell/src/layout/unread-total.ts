import { $isAuthenticated, api, followLive, type ConversationEvent, type ConversationSummary } from '@parley/shared';
import { atom } from 'nanostores';
import { useEffect } from 'react';

/** The signed-in staff member's unread messages over all conversations (kept on the server, per staff member). */
export const $unreadTotal = atom(0);

$isAuthenticated.listen((authenticated) => {
  if (!authenticated) $unreadTotal.set(0);
});

/**
 * Keeps $unreadTotal current while signed in: asks once, follows `conversation` events, asks again when the socket
 * connects. On a failed look-up the title simply keeps its last count.
 */
export function useUnreadTotal(authenticated: boolean): void {
  useEffect(() => {
    if (!authenticated) return;
    const take = (total: unknown) => typeof total === 'number' && ($unreadTotal.set(total), true);
    return followLive<ConversationSummary, ConversationEvent>({
      load: () => api.get<ConversationSummary>('/api/conversations/summary').then(({ data }) => data),
      onAnswer: (summary) => take(summary?.unreadTotal),
      event: 'conversation',
      onEvent: (event) => take(event?.unreadTotal),
    });
  }, [authenticated]);
}
