import { useTexts, type Conversation, type ConversationStatus, type TabCounts } from '@parley/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Badge, Button, Empty, Spin, Tabs, Typography } from 'antd';
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { texts } from '../i18n';
import { $mentionedConversations } from '../notes/mention-badges';
import { ConversationRow, ROW_HEIGHT } from './conversation-row';
import { previewFor, type LastMessagePreview } from './last-message-preview';

export const STATUS_TABS: readonly ConversationStatus[] = ['active', 'closed', 'archived'];

/** Rows this close to the end of what is loaded ask for the next page. */
const LOAD_AHEAD_ROWS = 20;

export interface ConversationListProps {
  status: ConversationStatus;
  onStatusChange: (status: ConversationStatus) => void;
  rows: Conversation[];
  loading: boolean;
  loadingMore: boolean;
  failed: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  selectedId: string | null;
  /** Conversations per tab (the server's, without filters); undefined until known. */
  counts: TabCounts | undefined;
  /** A customer wrote into an archived conversation: the Archived tab shows a dot. */
  archivedReply: boolean;
  previews: Readonly<Record<string, LastMessagePreview>>;
  reopeningId: string | null;
  onOpen: (conversation: Conversation) => void;
  onReopen: (conversation: Conversation) => void;
  /** The free-text filter the rows were asked for: marked in the snippets of rows found by a message. */
  searchText?: string;
}

/**
 * A tab's name as the spec writes it, then its count. The count is left out of the tab's accessible name, which
 * stays 'Active', 'Closed' or 'Archived'.
 */
function TabLabel({ label, count, dot }: { label: string; count: number | undefined; dot: boolean }) {
  return (
    <span className="inbox-tab">
      {label}
      {/* Its place is kept until the server answers: tabs that moved when the counts came lost clicks. */}
      <span className="inbox-tab-count" aria-hidden data-pending={count === undefined || undefined}>
        {count}
      </span>
      {dot && (
        <span aria-hidden className="inbox-tab-dot">
          <Badge status="warning" />
        </span>
      )}
    </span>
  );
}

/** 'Conversations' with its status tabs and a virtualised list: only the rows on screen are rendered. */
export function ConversationList(props: ConversationListProps) {
  const { rows, hasMore, loadingMore, onLoadMore } = props;
  const t = useTexts(texts);
  const statusNames = { active: t('status.active'), closed: t('status.closed'), archived: t('status.archived') };
  const mentioned = useStore($mentionedConversations);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (index) => rows[index].id,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.length ? items[items.length - 1].index : -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastShown >= rows.length - LOAD_AHEAD_ROWS) onLoadMore();
  }, [hasMore, loadingMore, lastShown, rows.length, onLoadMore]);

  // A conversation opened from elsewhere (j/k, a notification, Back) is scrolled into view, once: rows moving
  // later must not pull back a list the user scrolled.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  useEffect(() => {
    const index = rowsRef.current.findIndex((row) => row.id === props.selectedId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [props.selectedId, virtualizer]);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('list.title')}
      </Typography.Title>
      <Tabs
        activeKey={props.status}
        onChange={(key) => props.onStatusChange(key as ConversationStatus)}
        items={STATUS_TABS.map((key) => ({
          key,
          label: (
            <TabLabel
              label={statusNames[key]}
              count={props.counts?.[key]}
              dot={key === 'archived' && props.archivedReply}
            />
          ),
        }))}
        size="small"
      />
      {/* The list holds the rows only: a spinner or an empty state inside role="list" is a child axe refuses. */}
      <div
        ref={scroller}
        aria-busy={props.loading}
        className="inbox-scroll"
        style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
      >
        {rows.length === 0 && !props.loading && !props.failed && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />
        )}
        {props.failed && rows.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.loadFailed')}>
            <Button onClick={props.onRetry}>{t('common.retry')}</Button>
          </Empty>
        )}
        {props.loading && rows.length === 0 && <Spin style={{ display: 'block', margin: 24 }} />}
        <div
          role="list"
          aria-label={t('list.title')}
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {items.map((item) => {
            const conversation = rows[item.index];
            return (
              <div
                key={item.key}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
              >
                <ConversationRow
                  conversation={conversation}
                  selected={conversation.id === props.selectedId}
                  // The open conversation is being read: its count is about to go to 0 on the server.
                  unread={conversation.id === props.selectedId ? 0 : (conversation.unreadCount ?? 0)}
                  mentioned={conversation.id !== props.selectedId && mentioned.has(conversation.id)}
                  preview={previewFor(props.previews, conversation.id, conversation.lastMessage)}
                  reopening={conversation.id === props.reopeningId}
                  onOpen={props.onOpen}
                  onReopen={props.onReopen}
                  searchText={props.searchText}
                />
              </div>
            );
          })}
        </div>
        {loadingMore && <Spin size="small" style={{ display: 'block', margin: 8 }} />}
      </div>
    </div>
  );
}
