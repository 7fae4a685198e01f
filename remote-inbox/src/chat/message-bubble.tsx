import type { Message } from '@parley/shared';
import { Button, Typography } from 'antd';
import { formatTimestamp } from '../conversation/timestamp';
import { DeliveryTicks } from './delivery-ticks';
import { MessageBody } from './message-body';
import { QuotedReply } from './quoted-reply';
import { quotedId } from './reply-preview';
import { failureReason } from './tick-state';

export interface MessageBubbleProps {
  message: Message;
  quoted: Message | undefined;
  highlighted: boolean;
  onQuoteClick: (messageId: string) => void;
  onReply: (message: Message) => void;
  onRetry: (message: Message) => void;
}

/** Outgoing on the right, incoming on the left with Reply; time, ticks, and a failed mark with Retry. */
export function MessageBubble({ message, quoted, highlighted, onQuoteClick, onReply, onRetry }: MessageBubbleProps) {
  const outgoing = message.direction === 'outgoing';
  const quotedMessageId = quotedId(message);
  return (
    <div
      className={`inbox-message ${outgoing ? 'is-outgoing' : 'is-incoming'}`}
      data-message-id={message.id}
      data-direction={message.direction}
    >
      <div className="inbox-bubble" data-highlighted={highlighted || undefined}>
        {quotedMessageId && <QuotedReply quoted={quoted} onClick={() => onQuoteClick(quotedMessageId)} />}
        <MessageBody message={message} />
        {!!message.reactions?.length && (
          <div className="inbox-reactions" aria-label="Reactions">
            {message.reactions.map((reaction, index) => (
              <span key={index}>{reaction.emoji}</span>
            ))}
          </div>
        )}
        <div className="inbox-meta">
          <time dateTime={message.createdAt}>{formatTimestamp(message.createdAt)}</time>{' '}
          <DeliveryTicks message={message} />
        </div>
        {outgoing && message.status === 'failed' && (
          <div className="inbox-failed" role="alert">
            <Typography.Text type="danger">{failureReason(message)}</Typography.Text>
            <Button size="small" danger onClick={() => onRetry(message)}>
              Retry
            </Button>
          </div>
        )}
      </div>
      {!outgoing && (
        <Button size="small" type="link" onClick={() => onReply(message)}>
          Reply
        </Button>
      )}
    </div>
  );
}
