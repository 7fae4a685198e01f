import type { Conversation, ConversationStatus } from '@parley/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Empty, Spin, Tabs, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { ConversationRow, ROW_HEIGHT } from './conversation-row';

export const STATUS_TABS: Array<{ key: ConversationStatus; label: string }> = [
  { key: 'active', label: 'Active' },
  { key: 'closed', label: 'Closed' },
  { key: 'archived', label: 'Archived' },
];

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
  unread: Readonly<Record<string, number>>;
  onOpen: (conversation: Conversation) => void;
}

/** 'Conversations' with its status tabs and a virtualised list: only the rows on screen are rendered. */
export function ConversationList(props: ConversationListProps) {
  const { rows, hasMore, loadingMore, onLoadMore } = props;
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

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Conversations
      </Typography.Title>
      <Tabs
        activeKey={props.status}
        onChange={(key) => props.onStatusChange(key as ConversationStatus)}
        items={STATUS_TABS}
        size="small"
      />
      <div
        ref={scroller}
        role="list"
        aria-label="Conversations"
        aria-busy={props.loading}
        className="inbox-scroll"
        style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
      >
        {rows.length === 0 && !props.loading && !props.failed && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No conversations" />
        )}
        {props.failed && rows.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Could not load conversations">
            <Button onClick={props.onRetry}>Retry</Button>
          </Empty>
        )}
        {props.loading && rows.length === 0 && <Spin style={{ display: 'block', margin: 24 }} />}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
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
                  unread={props.unread[conversation.id] ?? 0}
                  onOpen={props.onOpen}
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
