import { useTexts, type Message } from '@parley/shared';
import { Button } from 'antd';
import { formatTimestamp } from '../conversation/timestamp';
import { texts } from '../i18n';
import { DeliveryTicks } from './delivery-ticks';
import { FailedNote } from './failed-note';
import { MessageBody, ReferralBanner } from './message-body';
import { messageView } from './message-view';
import { QuotedReply } from './quoted-reply';
import { quotedId } from './reply-preview';
import './message-kinds.css';

export interface MessageBubbleProps {
  message: Message;
  quoted: Message | undefined;
  highlighted: boolean;
  onQuoteClick: (messageId: string) => void;
  onReply: (message: Message) => void;
  onRetry: (message: Message) => void;
  onSendTemplate: () => void;
}

function Time({ message }: { message: Message }) {
  return <time dateTime={message.timestamp}>{formatTimestamp(message.timestamp)}</time>;
}

/** Outgoing on the right, incoming on the left with Reply; time, ticks, and a failed mark with what can help. */
export function MessageBubble({
  message,
  quoted,
  highlighted,
  onQuoteClick,
  onReply,
  onRetry,
  onSendTemplate,
}: MessageBubbleProps) {
  const t = useTexts(texts);
  const outgoing = message.direction === 'outgoing';
  const quotedMessageId = quotedId(message);
  const view = messageView(message);
  if (view.kind === 'notice') {
    // WhatsApp's notices about the customer (changed number, first opened the chat) are not replies to answer.
    return (
      <div className="inbox-message is-notice" data-message-id={message.id} data-direction={message.direction}>
        <div className="inbox-notice" role="note">
          {view.text} · <Time message={message} />
        </div>
      </div>
    );
  }
  return (
    <div
      className={`inbox-message ${outgoing ? 'is-outgoing' : 'is-incoming'}`}
      data-message-id={message.id}
      data-direction={message.direction}
    >
      <div className="inbox-bubble" data-highlighted={highlighted || undefined}>
        {!outgoing && <ReferralBanner message={message} />}
        {quotedMessageId && <QuotedReply quoted={quoted} onClick={() => onQuoteClick(quotedMessageId)} />}
        <MessageBody message={message} />
        {!!message.reactions?.length && (
          <div className="inbox-reactions" aria-label={t('chat.reactions')}>
            {message.reactions.map((reaction, index) => (
              <span key={index}>{reaction.emoji}</span>
            ))}
          </div>
        )}
        <div className="inbox-meta">
          {outgoing && message.sentFrom === 'phone_app' && (
            <span className="inbox-sent-from">{t('chat.sentFromPhone')} · </span>
          )}
          <Time message={message} /> <DeliveryTicks message={message} />
        </div>
        {outgoing && message.status === 'failed' && (
          <FailedNote message={message} onRetry={onRetry} onSendTemplate={onSendTemplate} />
        )}
      </div>
      {!outgoing && (
        <Button size="small" type="link" onClick={() => onReply(message)}>
          {t('chat.reply')}
        </Button>
      )}
    </div>
  );
}
