import type { Message } from '@parley/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Spin } from 'antd';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react';
import { MessageBubble } from './message-bubble';
import { quotedMessage } from './reply-preview';

export interface MessageListHandle {
  scrollToEnd: () => void;
  scrollToMessage: (messageId: string) => Promise<boolean>;
}

export interface MessageListProps {
  messages: Message[];
  hasMore: boolean;
  loadingOlder: boolean;
  /** Loads the page before the oldest message; resolves with the whole list. */
  loadOlder: () => Promise<Message[]>;
  onReply: (message: Message) => void;
  onRetry: (message: Message) => void;
  ref?: Ref<MessageListHandle>;
}

/** Scrolling this close to the top loads older messages. */
const LOAD_OLDER_WITHIN_PX = 300;
/** A quote whose original is not loaded loads at most this many older pages looking for it. */
const MAX_PAGES_FOR_QUOTE = 40;
const HIGHLIGHT_MS = 1600;

/**
 * Messages oldest first, virtualised and anchored to the end like a chat: it opens at the newest message,
 * follows new ones while the reader is at the bottom, and keeps the view still when older pages are prepended.
 */
export function MessageList({ messages, hasMore, loadingOlder, loadOlder, onReply, onRetry, ref }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const opened = useRef(false);
  const byId = useMemo(() => new Map(messages.map((message) => [message.id, message])), [messages]);

  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 76,
    getItemKey: (index) => messages[index].id,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: 80,
    overscan: 6,
  });

  // Open at the newest message (spec: auto-scrolled to the bottom).
  useLayoutEffect(() => {
    if (!opened.current && messages.length) {
      opened.current = true;
      virtualizer.scrollToEnd();
    }
  }, [messages.length, virtualizer]);

  const latest = useRef({ hasMore, loadingOlder, loadOlder });
  latest.current = { hasMore, loadingOlder, loadOlder };

  const maybeLoadOlder = useCallback(() => {
    const element = scroller.current;
    const { hasMore: more, loadingOlder: busy, loadOlder: load } = latest.current;
    if (!element || !opened.current || !more || busy) return;
    const nearTop = element.scrollTop < LOAD_OLDER_WITHIN_PX;
    const nothingToScroll = element.scrollHeight <= element.clientHeight;
    if (nearTop || nothingToScroll) void load();
  }, []);

  // A short conversation never scrolls, so check after each change too.
  useEffect(() => {
    if (!loadingOlder) maybeLoadOlder();
  }, [messages.length, loadingOlder, maybeLoadOlder]);

  const scrollToMessage = useCallback(
    async (messageId: string) => {
      let list = messages;
      let index = list.findIndex((message) => message.id === messageId);
      for (let pages = 0; index === -1 && pages < MAX_PAGES_FOR_QUOTE && latest.current.hasMore; pages += 1) {
        const before = list.length;
        list = await latest.current.loadOlder();
        if (list.length === before) break;
        index = list.findIndex((message) => message.id === messageId);
      }
      if (index === -1) return false;
      // Let the prepended rows render before scrolling to one of them.
      requestAnimationFrame(() => virtualizer.scrollToIndex(index, { align: 'center' }));
      setHighlighted(messageId);
      setTimeout(() => setHighlighted((current) => (current === messageId ? null : current)), HIGHLIGHT_MS);
      return true;
    },
    [messages, virtualizer],
  );

  useImperativeHandle(ref, () => ({ scrollToEnd: () => virtualizer.scrollToEnd(), scrollToMessage }), [
    virtualizer,
    scrollToMessage,
  ]);

  const onQuoteClick = useCallback((messageId: string) => void scrollToMessage(messageId), [scrollToMessage]);

  return (
    <div style={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex' }}>
      {loadingOlder && <Spin size="small" className="inbox-older-spinner" description="Loading older messages" />}
      <div
        ref={scroller}
        className="inbox-scroll inbox-messages"
        role="log"
        aria-label="Messages"
        onScroll={maybeLoadOlder}
        style={{ flex: 1, overflowY: 'auto' }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const message = messages[item.index];
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
              >
                <MessageBubble
                  message={message}
                  quoted={quotedMessage(message, byId)}
                  highlighted={highlighted === message.id}
                  onQuoteClick={onQuoteClick}
                  onReply={onReply}
                  onRetry={onRetry}
                />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
