import { useStore } from '@nanostores/react';
import {
  $profile,
  serverTextUnless500,
  sortConversations,
  type Conversation,
  type ConversationStatus,
  type PageProps,
  useTexts,
} from '@parley/shared';
import { App, Empty } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AssigneeViewSwitch } from '../assignment/assignee-view-switch';
import { ChatPane, type ChatPaneHandle } from '../chat/chat-pane';
import { setConversationStatus } from '../conversation-list/conversation-api';
import { ConversationList } from '../conversation-list/conversation-list';
import { $lastMessagePreviews, startPreviews } from '../conversation-list/last-message-preview';
import { useArchivedReplies } from '../conversation-list/use-archived-replies';
import { useConversationList } from '../conversation-list/use-conversation-list';
import { useTabCounts } from '../conversation-list/use-tab-counts';
import {
  conversationPredicate,
  filterIndex,
  filterQueryParams,
  indexConversations,
  type ConversationFilters,
} from '../filters/filter-logic';
import { FiltersBar } from '../filters/filters-bar';
import { useDebouncedValue } from '../filters/use-debounced-value';
import { parsePlace, placeSearch, sameFilters, type DashboardPlace } from '../filters/url-state';
import { useIncomingAlerts } from '../live/use-incoming-alerts';
import { $mentionedConversations, clearMention } from '../notes/mention-badges';
import { useMentionAlerts } from '../notes/use-mention-alerts';
import { ConnectWhatsAppHint } from './connect-whatsapp-hint';
import { DashboardHeader } from './dashboard-header';
import { KeyboardShortcutsDialog } from './keyboard-shortcuts-dialog';
import { NotificationOffer } from './notification-offer';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';
import { NARROW_SCREEN_QUERY, useMediaQuery } from './use-media-query';
import { texts } from '../i18n';
import './inbox.css';

/** Typed filters reach the address (and the server) once typing pauses; the loaded rows are filtered at every keystroke. */
const SERVER_FILTER_DELAY_MS = 350;

/**
 * Focus on a row's Chat button once the list has rendered it (the virtualised list lays rows out a few frames after
 * it mounts), unless focus has gone somewhere meanwhile.
 */
function focusRowWhenShown(conversationId: string, framesLeft = 60): void {
  if (document.activeElement && document.activeElement !== document.body) return;
  const chat = document.querySelector<HTMLElement>(`[data-conversation-id="${conversationId}"] > button:last-of-type`);
  if (chat) chat.focus();
  else if (framesLeft > 0) requestAnimationFrame(() => focusRowWhenShown(conversationId, framesLeft - 1));
}

/**
 * /main: header, filters, the conversation list and the open chat (docs/product-rules.md#dashboard). The open
 * conversation, the tab and the filters live in the address (`?conversation=…&tab=closed&q=…`, filters/url-state.ts),
 * so a reload or a shared link opens the same place and Back/Forward move between places.
 */
export function DashboardPage({ search, navigate }: PageProps) {
  const t = useTexts(texts);
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const place = useMemo(() => parsePlace(search), [search]);
  const placeRef = useRef(place);
  placeRef.current = place;
  const go = useCallback(
    (change: Partial<DashboardPlace>) =>
      navigate(`${window.location.pathname}${placeSearch({ ...placeRef.current, ...change })}`),
    [navigate],
  );

  // What is typed; the address follows once typing pauses, and typing follows the address on Back/Forward.
  const [filters, setFilters] = useState<ConversationFilters>(place.filters);
  const settledFilters = useDebouncedValue(filters, SERVER_FILTER_DELAY_MS);
  const addressFilters = useRef(place.filters);
  const placeFiltersKey = placeSearch({ ...place, conversationId: null, tab: 'active' });
  useEffect(() => {
    if (sameFilters(placeRef.current.filters, addressFilters.current)) return;
    addressFilters.current = placeRef.current.filters;
    setFilters(placeRef.current.filters);
  }, [placeFiltersKey]);
  useEffect(() => {
    if (sameFilters(settledFilters, addressFilters.current)) return;
    addressFilters.current = settledFilters;
    go({ filters: settledFilters });
  }, [settledFilters, go]);

  const serverParams = useMemo(() => filterQueryParams(place.filters), [place.filters]);
  // Mine / Unassigned (issue #21): a row that stops matching live leaves the view (list-merge's predicate).
  const selfId = useStore($profile)?.id;
  const matchesFilters = useMemo(() => conversationPredicate(place.filters, selfId), [place.filters, selfId]);
  const list = useConversationList(place.tab, serverParams, matchesFilters);
  const sorted = useMemo(() => sortConversations(list.rows), [list.rows]);
  const searchable = useMemo(() => indexConversations(sorted), [sorted]);
  const visible = useMemo(() => filterIndex(searchable, filters, selfId), [searchable, filters, selfId]);
  const { counts, archivedReplies } = useTabCounts();
  const [archivedReplySeen, noteArchivedReply] = useArchivedReplies(list.rows);
  // The server's count once it has answered (it covers rows not loaded here); what was seen live until then.
  const archivedReply = archivedReplies === undefined ? archivedReplySeen : archivedReplies > 0;
  const previews = useStore($lastMessagePreviews);
  useEffect(startPreviews, []);

  const openId = place.conversationId;
  const openSummary = useMemo(() => list.rows.find((row) => row.id === openId), [list.rows, openId]);
  // The offer comes once the user has started working, and on a phone only back on the list, where it has room.
  const [hasOpened, setHasOpened] = useState(false);
  useEffect(() => {
    if (openId) setHasOpened(true);
  }, [openId]);
  // Opening a conversation reads its mentions too (also one that arrives while it is open).
  const mentioned = useStore($mentionedConversations);
  useEffect(() => {
    if (openId && mentioned.has(openId)) clearMention(openId);
  }, [openId, mentioned]);

  const openById = useCallback((id: string) => go({ conversationId: id, messageId: null }), [go]);
  useIncomingAlerts(openById);
  useMentionAlerts(openById);
  // A row found by a message (search in messages) opens at that message.
  const onOpen = useCallback(
    (conversation: Conversation) =>
      go({ conversationId: conversation.id, messageId: conversation.match?.messageId ?? null }),
    [go],
  );
  const onStatusChange = useCallback((tab: ConversationStatus) => go({ tab }), [go]);

  const { message } = App.useApp();
  const [reopeningId, setReopeningId] = useState<string | null>(null);
  const { upsert: upsertRow } = list;
  // After this user's own action (Close, Archive, Reopen) the server's answer places the row at once.
  const upsert = useCallback(
    (conversation: Conversation) => {
      upsertRow(conversation);
      noteArchivedReply(conversation);
    },
    [upsertRow, noteArchivedReply],
  );
  const onReopen = useCallback(
    (conversation: Conversation) => {
      setReopeningId(conversation.id);
      setConversationStatus(conversation.id, 'active')
        .then(
          (updated) => upsert({ ...conversation, ...updated }),
          (error: unknown) => void message.error(serverTextUnless500(error, t('dashboard.reopenFailed'))),
        )
        .finally(() => setReopeningId(null));
    },
    [upsert, message, t],
  );

  const chat = useRef<ChatPaneHandle>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  // j/k walk the list as shown (filters applied), from the open row; none open: j starts at the top.
  const step = (by: 1 | -1) => {
    const index = visible.findIndex((row) => row.id === openId);
    const next = visible[index < 0 ? 0 : Math.min(Math.max(index + by, 0), visible.length - 1)];
    if (next && next.id !== openId) openById(next.id);
  };
  useKeyboardShortcuts({
    next: () => step(1),
    previous: () => step(-1),
    reply: () => chat.current?.replyToLastIncoming(),
    close: () => chat.current?.close(),
    search: () => document.querySelector<HTMLInputElement>(`input[aria-label="${t('filters.search')}"]`)?.focus(),
    help: () => setShortcutsOpen(true),
  });

  // On a phone, Back brings the list in place of the chat: focus returns to the row that was open (its Chat button).
  const lastOpenId = useRef<string | null>(null);
  useEffect(() => {
    const left = lastOpenId.current;
    lastOpenId.current = openId;
    if (!openId && left && narrow) focusRowWhenShown(left);
  }, [openId, narrow]);

  const showList = !narrow || !openId;
  const showChat = !narrow || !!openId;
  const showOffer = hasOpened && (!narrow || !openId);
  return (
    <div className="inbox-dashboard" data-narrow={narrow || undefined}>
      <DashboardHeader />
      <ConnectWhatsAppHint navigate={navigate} />
      {showList && <FiltersBar filters={filters} onChange={setFilters} compact={narrow} />}
      {showOffer && <NotificationOffer compact={narrow} />}
      <div className="inbox-panes">
        {showList && (
          <section className="inbox-list-pane" style={narrow ? { width: '100%' } : undefined}>
            <AssigneeViewSwitch
              value={filters.assignee}
              onChange={(assignee) => setFilters((current) => ({ ...current, assignee }))}
            />
            <ConversationList
              status={place.tab}
              onStatusChange={onStatusChange}
              rows={visible}
              loading={list.loading}
              loadingMore={list.loadingMore}
              failed={list.failed}
              // While typing, the next page would be of the previous query: wait for the new one.
              hasMore={!!list.nextCursor && sameFilters(filters, place.filters)}
              onLoadMore={list.loadMore}
              onRetry={list.reload}
              selectedId={openId}
              counts={counts}
              archivedReply={archivedReply}
              previews={previews}
              reopeningId={reopeningId}
              onOpen={onOpen}
              onReopen={onReopen}
              searchText={place.filters.text}
            />
          </section>
        )}
        {showChat && (
          <section className="inbox-chat-pane">
            {openId ? (
              <ChatPane
                ref={chat}
                key={openId}
                conversationId={openId}
                messageId={place.messageId ?? undefined}
                summary={openSummary}
                narrow={narrow}
                onConversationChange={upsert}
                onBack={narrow ? () => go({ conversationId: null, messageId: null }) : undefined}
              />
            ) : (
              <Empty
                className="inbox-placeholder"
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('dashboard.selectConversation')}
              />
            )}
          </section>
        )}
      </div>
      <KeyboardShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </div>
  );
}
