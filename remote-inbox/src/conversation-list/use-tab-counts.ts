import {
  api,
  onRealtimeEvent,
  onRealtimeReconnect,
  type ConversationEvent,
  type ConversationSummary,
  type TabCounts,
} from '@parley/shared';
import { useEffect, useState } from 'react';

/**
 * The number of conversations in each tab (Active / Closed / Archived), the server's, kept live: asked once,
 * then taken from every `conversation` event (it carries the counts after the change), asked again after a
 * reconnect since events sent while the socket was down are missed. Undefined until the server has answered.
 */
export function useTabCounts(): { counts: TabCounts | undefined; archivedReplies: number | undefined } {
  const [counts, setCounts] = useState<TabCounts | undefined>(undefined);
  // Archived conversations with a customer's reply (the Archived tab's dot), from the same answers and events.
  const [archivedReplies, setArchivedReplies] = useState<number | undefined>(undefined);
  useEffect(() => {
    let stopped = false;
    const refresh = () =>
      api.get<ConversationSummary>('/api/conversations/summary').then(
        ({ data }) => {
          if (stopped) return;
          if (data?.counts) setCounts(data.counts);
          if (typeof data?.archivedReplies === 'number') setArchivedReplies(data.archivedReplies);
        },
        // The tabs simply show no counts, or their last ones.
        () => undefined,
      );
    void refresh();
    const stopEvents = onRealtimeEvent<ConversationEvent>('conversation', (event) => {
      if (event?.counts) setCounts(event.counts);
      if (typeof event?.archivedReplies === 'number') setArchivedReplies(event.archivedReplies);
    });
    const stopReconnect = onRealtimeReconnect(() => void refresh());
    return () => {
      stopped = true;
      stopEvents();
      stopReconnect();
    };
  }, []);
  return { counts, archivedReplies };
}
