import { useTexts, type Message, type Note } from '@parley/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Spin } from 'antd';
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
import { t, texts } from '../i18n';
import { NoteBubble } from '../notes/note-bubble';
import { placeNotes } from '../notes/notes-timeline';
import { daySeparatorAt } from './day-separators';
import { MessageBubble } from './message-bubble';
import './message-list.css';
import { localPreview, quotedMessage } from './reply-preview';

export interface MessageListHandle {
  scrollToEnd: () => void;
  scrollToMessage: (messageId: string, highlightMs?: number) => Promise<boolean>;
  /** Puts keyboard focus on the messages (e.g. when the control that had it went away). */
  focus: () => void;
}

export interface MessageListProps {
  messages: Message[];
  hasMore: boolean;
  loadingOlder: boolean;
  /** Loads the page before the oldest message; resolves with the whole list. */
  loadOlder: () => Promise<Message[]>;
  onReply: (message: Message) => void;
  onRetry: (message: Message) => void;
  onSendTemplate: () => void;
  /** Private notes (issue #21), shown among the messages by time. */
  notes?: Note[];
  onDeleteNote?: (note: Note) => void;
  /** Scrolled to and highlighted once loaded, older pages loaded until it is in (search in messages). */
  focusMessageId?: string;
  ref?: Ref<MessageListHandle>;
}

/** Scrolling this close to the top loads older messages. */
const LOAD_OLDER_WITHIN_PX = 300;
/** A quote whose original is not loaded loads at most this many older pages looking for it. */
const MAX_PAGES_FOR_QUOTE = 40;
const HIGHLIGHT_MS = 1600;
/** A message opened from a search stays highlighted longer: the reader's eye has to find it first. */
const FOUND_HIGHLIGHT_MS = 4000;
/** This close to the end counts as reading the newest messages (the virtualiser follows appends from here). */
const AT_END_WITHIN_PX = 80;

/** What a screen reader says when the customer writes into the open chat. */
export const announcementText = (message: Message) => t('chat.announcement', { preview: localPreview(message) });

/**
 * Messages oldest first, virtualised and anchored to the end like a chat: it opens at the newest message,
 * follows new ones while the reader is at the bottom, and keeps the view still when older pages are prepended.
 */
export function MessageList({
  messages,
  hasMore,
  loadingOlder,
  loadOlder,
  onReply,
  onRetry,
  onSendTemplate,
  notes,
  onDeleteNote,
  focusMessageId,
  ref,
}: MessageListProps) {
  const tr = useTexts(texts);
  const scroller = useRef<HTMLDivElement>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const opened = useRef(false);
  // Whether the reader is at the newest message, as of the last scroll: read before a new message lays out.
  const atEnd = useRef(true);
  const [newBelow, setNewBelow] = useState(false);
  // The customer's newest message, for the polite live region: one at a time, never the whole list.
  const [announced, setAnnounced] = useState<Message | null>(null);
  const byId = useMemo(() => new Map(messages.map((message) => [message.id, message])), [messages]);
  const placedNotes = useMemo(() => placeNotes(messages, notes ?? [], hasMore), [messages, notes, hasMore]);

  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 76,
    getItemKey: (index) => messages[index].id,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_END_WITHIN_PX,
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

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (element) {
      atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_WITHIN_PX;
      if (atEnd.current) setNewBelow(false);
    }
    maybeLoadOlder();
  }, [maybeLoadOlder]);

  const scrollToEnd = useCallback(() => {
    atEnd.current = true;
    setNewBelow(false);
    virtualizer.scrollToEnd();
  }, [virtualizer]);

  // A message arriving at the end while the reader is further up: offer the way down instead of moving them.
  const newestId = messages.at(-1)?.id;
  const seenNewestId = useRef(newestId);
  useEffect(() => {
    if (newestId === seenNewestId.current) return;
    seenNewestId.current = newestId;
    if (!atEnd.current) setNewBelow(true);
  }, [newestId]);

  // Customer messages that arrived since the last render (not those there on opening, nor older pages loaded
  // above): the last of them is announced. Not only the list's last one: a message sent in the same second as a
  // reply can sort above it (Meta's timestamps are whole seconds).
  const knownIds = useRef<Set<string> | null>(null);
  useEffect(() => {
    const known = knownIds.current;
    knownIds.current = new Set(messages.map((message) => message.id));
    if (!known) return;
    const firstKnown = known.size ? messages.findIndex((message) => known.has(message.id)) : -1;
    if (known.size && firstKnown === -1) return;
    const arrived = messages.filter(
      (message, index) => index > firstKnown && !known.has(message.id) && message.direction === 'incoming',
    );
    if (arrived.length) setAnnounced(arrived[arrived.length - 1]);
  }, [messages]);

  // A short conversation never scrolls, so check after each change too.
  useEffect(() => {
    if (!loadingOlder) maybeLoadOlder();
  }, [messages.length, loadingOlder, maybeLoadOlder]);

  const scrollToMessage = useCallback(
    async (messageId: string, highlightMs = HIGHLIGHT_MS) => {
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
      setTimeout(() => setHighlighted((current) => (current === messageId ? null : current)), highlightMs);
      return true;
    },
    [messages, virtualizer],
  );

  // Once per message asked for, after the first page is in (the open effect above has scrolled to the end).
  const focused = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!focusMessageId || focused.current === focusMessageId || !messages.length) return;
    focused.current = focusMessageId;
    void scrollToMessage(focusMessageId, FOUND_HIGHLIGHT_MS).then((found) => {
      // An older page was already on its way (scroll-triggered): try again once it is in.
      if (!found && latest.current.hasMore && focused.current === focusMessageId) focused.current = undefined;
    });
  }, [focusMessageId, messages.length, scrollToMessage]);

  useImperativeHandle(ref, () => ({ scrollToEnd, scrollToMessage, focus: () => scroller.current?.focus() }), [
    scrollToEnd,
    scrollToMessage,
  ]);

  const onQuoteClick = useCallback((messageId: string) => void scrollToMessage(messageId), [scrollToMessage]);

  return (
    <div style={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex' }}>
      {loadingOlder && <Spin size="small" className="inbox-older-spinner" description={tr('chat.loadingOlder')} />}
      <div
        ref={scroller}
        className="inbox-scroll inbox-messages"
        role="log"
        aria-label={tr('chat.messages')}
        // A log is a live region by default; this one is virtualised, so scrolling would read out whole pages.
        // New messages are announced by the region below instead. Focusable, so the keyboard can scroll it.
        aria-live="off"
        tabIndex={0}
        onScroll={onScroll}
        style={{ flex: 1, overflowY: 'auto' }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const message = messages[item.index];
            const day = daySeparatorAt(messages, item.index);
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
              >
                {day && (
                  <div className="inbox-day-separator" role="separator" aria-label={day}>
                    <span>{day}</span>
                  </div>
                )}
                {item.index === 0 &&
                  placedNotes.before.map((note) => <NoteBubble key={note.id} note={note} onDelete={onDeleteNote} />)}
                <MessageBubble
                  message={message}
                  quoted={quotedMessage(message, byId)}
                  highlighted={highlighted === message.id}
                  onQuoteClick={onQuoteClick}
                  onReply={onReply}
                  onRetry={onRetry}
                  onSendTemplate={onSendTemplate}
                />
                {placedNotes.after.get(message.id)?.map((note) => (
                  <NoteBubble key={note.id} note={note} onDelete={onDeleteNote} />
                ))}
              </div>
            );
          })}
        </div>
      </div>
      <div className="inbox-sr-only" aria-live="polite" aria-atomic="true" data-testid="chat-announcer">
        {/* Keyed, so a second identical message is announced too. */}
        {announced && <span key={announced.id}>{announcementText(announced)}</span>}
      </div>
      {newBelow && (
        <Button className="inbox-new-messages" shape="round" size="small" type="primary" onClick={scrollToEnd}>
          {/* The button that brings an agent who scrolled up back to what just arrived (issue #16). */}
          {tr('chat.newMessages')}
        </Button>
      )}
    </div>
  );
}
