import {
  $isAuthenticated,
  api,
  onRealtimeEvent,
  onRealtimeReconnect,
  type ConversationEvent,
  type ConversationSummary,
} from '@parley/shared';
import { atom } from 'nanostores';
import { useEffect } from 'react';

/** The signed-in staff member's unread messages over all conversations (kept on the server, per staff member). */
export const $unreadTotal = atom(0);

$isAuthenticated.listen((authenticated) => {
  if (!authenticated) $unreadTotal.set(0);
});

function refresh(): void {
  api.get<ConversationSummary>('/api/conversations/summary').then(
    ({ data }) => typeof data?.unreadTotal === 'number' && $unreadTotal.set(data.unreadTotal),
    // The title simply keeps its last count.
    () => undefined,
  );
}

/** Keeps $unreadTotal current while signed in: asks once, follows `conversation` events, asks again on reconnect. */
export function useUnreadTotal(authenticated: boolean): void {
  useEffect(() => {
    if (!authenticated) return;
    refresh();
    const stopEvents = onRealtimeEvent<ConversationEvent>('conversation', (event) => {
      if (typeof event?.unreadTotal === 'number') $unreadTotal.set(event.unreadTotal);
    });
    const stopReconnect = onRealtimeReconnect(refresh);
    return () => {
      stopEvents();
      stopReconnect();
    };
  }, [authenticated]);
}
