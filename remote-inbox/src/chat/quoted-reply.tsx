import { useTexts, type Message } from '@parley/shared';
import { texts } from '../i18n';
import { previewText } from './reply-preview';

export interface QuotedReplyProps {
  quoted: Message | undefined;
  onClick: () => void;
}

/** The quoted message inside a reply; clicking it scrolls to the original. */
export function QuotedReply({ quoted, onClick }: QuotedReplyProps) {
  const t = useTexts(texts);
  return (
    <button type="button" className="inbox-quote" onClick={onClick} title={t('chat.showOriginal')}>
      {quoted ? previewText(quoted) : t('chat.earlierMessage')}
    </button>
  );
}
