import { useStore } from '@nanostores/react';
import type { Conversation, ConversationStatus, PageProps } from '@parley/shared';
import { Empty } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ChatPane } from '../chat/chat-pane';
import { ConversationList } from '../conversation-list/conversation-list';
import { sortConversations } from '../conversation-list/ordering';
import { useConversationList } from '../conversation-list/use-conversation-list';
import { EMPTY_FILTERS, filterIndex, filterQueryParams, indexConversations } from '../filters/filter-logic';
import { FiltersBar } from '../filters/filters-bar';
import { useDebouncedValue } from '../filters/use-debounced-value';
import { $unread, setOpenConversation, startUnreadCounting } from '../live/unread-store';
import { useIncomingAlerts } from '../live/use-incoming-alerts';
import { DashboardHeader } from './dashboard-header';
import { NotificationOffer } from './notification-offer';
import { NARROW_SCREEN_QUERY, useMediaQuery } from './use-media-query';
import './inbox.css';

/** Filters reach the server once typing pauses; the loaded rows are filtered at every keystroke. */
const SERVER_FILTER_DELAY_MS = 350;

/** /main: header, filters, the conversation list and the open chat (spec section 2, Dashboard). */
export function DashboardPage(_props: PageProps) {
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const [tab, setTab] = useState<ConversationStatus>('active');
  const [filters, setFilters] = useState(EMPTY_FILTERS);
  const settledFilters = useDebouncedValue(filters, SERVER_FILTER_DELAY_MS);
  const serverParams = useMemo(() => filterQueryParams(settledFilters), [settledFilters]);
  const list = useConversationList(tab, serverParams);
  const sorted = useMemo(() => sortConversations(list.rows), [list.rows]);
  const searchable = useMemo(() => indexConversations(sorted), [sorted]);
  const visible = useMemo(() => filterIndex(searchable, filters), [searchable, filters]);
  const unread = useStore($unread);
  const [open, setOpen] = useState<{ id: string; summary?: Conversation } | null>(null);

  useEffect(() => {
    startUnreadCounting();
    return () => setOpenConversation(null);
  }, []);
  useEffect(() => setOpenConversation(open?.id ?? null), [open?.id]);

  const openById = useCallback((id: string) => setOpen({ id }), []);
  useIncomingAlerts(openById);
  const onOpen = useCallback(
    (conversation: Conversation) => setOpen({ id: conversation.id, summary: conversation }),
    [],
  );

  const showList = !narrow || !open;
  const showChat = !narrow || !!open;
  return (
    <div className="inbox-dashboard">
      <DashboardHeader />
      <FiltersBar filters={filters} onChange={setFilters} />
      {open && <NotificationOffer />}
      <div className="inbox-panes">
        {showList && (
          <section className="inbox-list-pane" style={narrow ? { width: '100%' } : undefined}>
            <ConversationList
              status={tab}
              onStatusChange={setTab}
              rows={visible}
              loading={list.loading}
              loadingMore={list.loadingMore}
              failed={list.failed}
              // While typing, the next page would be of the previous query: wait for the new one.
              hasMore={!!list.nextCursor && filters === settledFilters}
              onLoadMore={list.loadMore}
              onRetry={list.reload}
              selectedId={open?.id ?? null}
              unread={unread.counts}
              onOpen={onOpen}
            />
          </section>
        )}
        {showChat && (
          <section className="inbox-chat-pane">
            {open ? (
              <ChatPane
                key={open.id}
                conversationId={open.id}
                summary={open.summary}
                narrow={narrow}
                onConversationChange={list.upsert}
                onBack={narrow ? () => setOpen(null) : undefined}
              />
            ) : (
              <Empty
                className="inbox-placeholder"
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description="Select a conversation to start chatting."
              />
            )}
          </section>
        )}
      </div>
    </div>
  );
}
