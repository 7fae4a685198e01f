import { onRealtimeEvent, type MentionEvent } from '@parley/shared';
import { App, Button } from 'antd';
import { createElement, useEffect, useRef } from 'react';
import { t } from '../i18n';
import { showNotification } from '../live/incoming-alert';
import { noteMention } from './mention-badges';

/** How long the in-app mention toast stays: longer than a screen toast, it asks for something. */
const MENTION_TOAST_MS = 10_000;

export const mentionTitle = (event: MentionEvent) =>
  t('notes.mentioned', { author: event.note.author.fullName, contact: event.contactName });

/**
 * A colleague mentioned the signed-in staff member in a note (issue #21, the `mention` event): an @ badge on the
 * row until they open it (mention-badges.ts), a toast with Open, and the browser notification when they allowed
 * them (as for incoming messages, live/incoming-alert.ts).
 */
export function useMentionAlerts(openConversation: (conversationId: string) => void): void {
  const { notification } = App.useApp();
  const open = useRef(openConversation);
  open.current = openConversation;
  useEffect(() => {
    const seen = new Set<string>();
    return onRealtimeEvent<MentionEvent>('mention', (event) => {
      if (!event?.note || seen.has(event.note.id)) return;
      seen.add(event.note.id);
      const { conversationId } = event.note;
      noteMention(conversationId);
      const key = `parley-mention-${event.note.id}`;
      notification.info({
        key,
        title: mentionTitle(event),
        description: event.note.text,
        placement: 'topRight',
        duration: MENTION_TOAST_MS / 1000,
        actions: createElement(
          Button,
          {
            size: 'small',
            type: 'primary',
            onClick: () => {
              notification.destroy(key);
              open.current(conversationId);
            },
          },
          t('common.open'),
        ),
      });
      showNotification(mentionTitle(event), event.note.text, `mention-${event.note.id}`, () =>
        open.current(conversationId),
      );
    });
  }, [notification]);
}
