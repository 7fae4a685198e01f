import { api, type Message } from '@parley/shared';
import { useEffect, useRef, useState } from 'react';

function newestIncomingId(messages: Message[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (messages[index].direction === 'incoming') return messages[index].id;
  }
  return undefined;
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * Tells the server the staff member has seen the conversation (it marks the customer's newest message read, the
 * blue ticks on their phone): when it is open and the page visible, once per newest incoming message.
 */
export function useReadReceipt(conversationId: string, messages: Message[], loaded: boolean): void {
  const visible = usePageVisible();
  const newest = loaded ? newestIncomingId(messages) : undefined;
  const marked = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!visible || !newest || marked.current === newest) return;
    marked.current = newest;
    api.post(`/api/conversations/${encodeURIComponent(conversationId)}/read`).catch(() => {
      // Not seen by the customer yet: the next message or the next look at the page tries again.
      if (marked.current === newest) marked.current = undefined;
    });
  }, [conversationId, newest, visible]);
}
