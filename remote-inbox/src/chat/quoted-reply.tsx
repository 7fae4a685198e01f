import type { Message } from '@parley/shared';
import { previewText } from './reply-preview';

export interface QuotedReplyProps {
  quoted: Message | undefined;
  onClick: () => void;
}

/** The quoted message inside a reply; clicking it scrolls to the original. */
export function QuotedReply({ quoted, onClick }: QuotedReplyProps) {
  return (
    <button type="button" className="inbox-quote" onClick={onClick} title="Show the original message">
      {quoted ? previewText(quoted) : 'Earlier message'}
    </button>
  );
}
