import { api, followLive, type ConversationEvent, type ConversationSummary, type TabCounts } from '@parley/shared';
import { useEffect, useState } from 'react';

/**
 * The number of conversations in each tab (Active / Closed / Archived), the server's, kept live: asked once,
 * then taken from every `conversation` event (it carries the counts after the change), asked again when the
 * socket connects since events sent while it was down are missed. Undefined until the server has answered.
 */
export function useTabCounts(): { counts: TabCounts | undefined; archivedReplies: number | undefined } {
  const [counts, setCounts] = useState<TabCounts | undefined>(undefined);
  // Archived conversations with a customer's reply (the Archived tab's dot), from the same answers and events.
  const [archivedReplies, setArchivedReplies] = useState<number | undefined>(undefined);
  useEffect(() => {
    const take = (summary: Partial<ConversationSummary> | undefined) => {
      if (summary?.counts) setCounts(summary.counts);
      if (typeof summary?.archivedReplies === 'number') setArchivedReplies(summary.archivedReplies);
      return summary?.counts !== undefined;
    };
    return followLive<ConversationSummary, ConversationEvent>({
      load: () => api.get<ConversationSummary>('/api/conversations/summary').then(({ data }) => data),
      // On a failed look-up the tabs simply show no counts, or their last ones.
      onAnswer: take,
      event: 'conversation',
      onEvent: take,
    });
  }, []);
  return { counts, archivedReplies };
}
