import { onRealtimeMessage } from '@parley/shared';
import { useEffect, useRef } from 'react';
import { contactLabel } from '../conversation/contact-label';
import { previewText } from '../chat/reply-preview';
import { playChime, showNotification } from './incoming-alert';

const RECENT_MS = 5 * 60_000;

/** While the tab is hidden, each new incoming message raises a notification (if allowed) and a chime. */
export function useIncomingAlerts(openConversation: (conversationId: string) => void): void {
  const open = useRef(openConversation);
  open.current = openConversation;
  useEffect(() => {
    const alerted = new Set<string>();
    return onRealtimeMessage((event) => {
      if (!document.hidden || event.message.direction !== 'incoming' || alerted.has(event.message.id)) return;
      // A late update of an old message (its media finished downloading) is not news.
      if (Date.now() - Date.parse(event.message.createdAt) > RECENT_MS) return;
      alerted.add(event.message.id);
      showNotification(contactLabel(event.conversation.contact), previewText(event.message), event.conversationId, () =>
        open.current(event.conversationId),
      );
      playChime();
    });
  }, []);
}
