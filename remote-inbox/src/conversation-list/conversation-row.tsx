import { useTexts, type Conversation } from '@parley/shared';
import { Badge, Button, Tag, Typography } from 'antd';
import { contactLabel } from '../conversation/contact-label';
import { formatTimestamp } from '../conversation/timestamp';
import { AssigneeAvatar } from '../assignment/assignee-avatar';
import { inReadersLanguage } from '../chat/reply-preview';
import { LabelTags } from '../labels/label-tags';
import type { LastMessagePreview } from './last-message-preview';
import { texts } from '../i18n';
import { MatchSnippet } from './match-snippet';

export const ROW_HEIGHT = 60;

export interface ConversationRowProps {
  conversation: Conversation;
  selected: boolean;
  unread: number;
  /** A colleague mentioned the signed-in staff member in a note here since they last opened it. */
  mentioned?: boolean;
  preview: LastMessagePreview | undefined;
  reopening: boolean;
  onOpen: (conversation: Conversation) => void;
  onReopen: (conversation: Conversation) => void;
  /** The list's free-text filter: marked in the snippet of a row found by a message. */
  searchText?: string;
}

/**
 * One row: name, time and start of the last message (or, found by a message, that message's snippet), an @ badge
 * when a colleague mentioned the reader, unread count, a badge when the customer wrote into an archived
 * conversation, Reopen on archived rows, and Chat (green while the customer waits for a reply).
 */
export function ConversationRow(props: ConversationRowProps) {
  const { conversation, selected, unread, preview, onOpen } = props;
  const t = useTexts(texts);
  const label = contactLabel(conversation.contact);
  const awaitingReply = !!conversation.lastMessage?.incoming;
  const archived = conversation.status === 'archived';
  return (
    <div
      role="listitem"
      aria-label={label}
      aria-current={selected || undefined}
      data-conversation-id={conversation.id}
      className="inbox-row"
      data-selected={selected || undefined}
      onClick={() => onOpen(conversation)}
      style={{ height: ROW_HEIGHT }}
    >
      <div style={{ minWidth: 0, flex: 1 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
            {label}
          </Typography.Text>
          <LabelTags labels={conversation.labels} />
          <AssigneeAvatar assignee={conversation.assignee} />
          {archived && conversation.archivedReplyAt && (
            <Tag color="gold" className="inbox-archived-reply" style={{ marginInlineEnd: 0, flexShrink: 0 }}>
              {t('list.newReply')}
            </Tag>
          )}
        </div>
        <div className="inbox-row-secondary">
          <span className="inbox-row-time">
            {conversation.lastMessage ? formatTimestamp(conversation.lastMessage.timestamp) : ''}
          </span>
          {conversation.match ? (
            <MatchSnippet text={conversation.match.text} query={props.searchText ?? ''} />
          ) : (
            preview && (
              <span className="inbox-row-preview" data-testid="last-message-preview">
                {preview.incoming ? '' : t('list.you')}
                {inReadersLanguage(preview.text, preview.type)}
              </span>
            )
          )}
        </div>
      </div>
      {props.mentioned && <Badge count="@" title={t('list.mentioned')} style={{ marginRight: 4 }} />}
      {unread > 0 && <Badge count={unread} title={t('list.unread', { count: unread })} style={{ marginRight: 4 }} />}
      {archived && (
        <Button
          size="small"
          loading={props.reopening}
          onClick={(event) => {
            event.stopPropagation();
            props.onReopen(conversation);
          }}
        >
          {t('list.reopen')}
        </Button>
      )}
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
        {t('list.chat')}
      </Button>
    </div>
  );
}
