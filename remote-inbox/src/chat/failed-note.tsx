import { useTexts, type Message } from '@parley/shared';
import { Button, Typography } from 'antd';
import { texts } from '../i18n';
import { failureReason, needsTemplate } from './tick-state';

export interface FailedNoteProps {
  message: Message;
  onRetry: (message: Message) => void;
  onSendTemplate: () => void;
}

/**
 * Why WhatsApp refused an outgoing message (title, code and Meta's details), with what can help: Retry, or
 * "Send a template" when the 24-hour window had closed (131047), where a retry would be refused again.
 */
export function FailedNote({ message, onRetry, onSendTemplate }: FailedNoteProps) {
  const t = useTexts(texts);
  const details = message.error?.details?.trim();
  return (
    <div className="inbox-failed" role="alert">
      <div style={{ minWidth: 0 }}>
        <Typography.Text type="danger">{failureReason(message)}</Typography.Text>
        {details && <div className="inbox-failed-details">{details}</div>}
      </div>
      {needsTemplate(message) ? (
        <Button size="small" onClick={onSendTemplate}>
          {t('chat.sendTemplate')}
        </Button>
      ) : (
        <Button size="small" danger onClick={() => onRetry(message)}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
