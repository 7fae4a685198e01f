import type { Conversation } from '@parley/shared';
import { Badge, Button, Typography } from 'antd';
import { contactLabel } from '../conversation/contact-label';
import { formatTimestamp } from '../conversation/timestamp';

export const ROW_HEIGHT = 60;

export interface ConversationRowProps {
  conversation: Conversation;
  selected: boolean;
  unread: number;
  onOpen: (conversation: Conversation) => void;
}

/** One row: name, time of the last message, unread count, and Chat (green while the customer waits for a reply). */
export function ConversationRow({ conversation, selected, unread, onOpen }: ConversationRowProps) {
  const label = contactLabel(conversation.contact);
  const awaitingReply = !!conversation.lastMessage?.incoming;
  return (
    <div
      role="listitem"
      aria-label={label}
      aria-current={selected || undefined}
      className="inbox-row"
      data-selected={selected || undefined}
      onClick={() => onOpen(conversation)}
      style={{ height: ROW_HEIGHT }}
    >
      <div style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text strong ellipsis style={{ display: 'block' }}>
          {label}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {conversation.lastMessage ? formatTimestamp(conversation.lastMessage.timestamp) : ''}
        </Typography.Text>
      </div>
      {unread > 0 && <Badge count={unread} title={`${unread} unread`} style={{ marginRight: 8 }} />}
      <Button
        size="small"
        color={awaitingReply ? 'green' : 'default'}
        variant={awaitingReply ? 'solid' : 'outlined'}
        data-awaiting-reply={awaitingReply}
        onClick={(event) => {
          event.stopPropagation();
          onOpen(conversation);
        }}
      >
        Chat
      </Button>
    </div>
  );
}
