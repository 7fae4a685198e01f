import { useTexts, type SavedReply } from '@parley/shared';
import { Typography } from 'antd';
import { texts } from '../i18n';
import './saved-reply-list.css';

export interface SavedReplyListProps {
  id: string;
  replies: SavedReply[];
  /** The text each reply inserts (its placeholders filled), shown under its shortcut. */
  preview: (reply: SavedReply) => string;
  activeIndex: number;
  loading: boolean;
  failed: boolean;
  /** What was typed after '/', when the list is filtered by it. */
  typed?: string;
  onPick: (reply: SavedReply) => void;
  onHover?: (index: number) => void;
}

/** The saved replies to choose from: `/shortcut` and the text it inserts. */
export function SavedReplyList({
  id,
  replies,
  preview,
  activeIndex,
  loading,
  failed,
  typed,
  onPick,
  onHover,
}: SavedReplyListProps) {
  const t = useTexts(texts);
  if (replies.length === 0) {
    const text = loading
      ? t('savedReplies.loading')
      : failed
        ? t('savedReplies.failed')
        : typed
          ? t('savedReplies.noMatch', { typed })
          : t('savedReplies.none');
    return (
      <div className="inbox-saved-replies-empty" id={id}>
        <Typography.Text type={failed ? 'danger' : 'secondary'}>{text}</Typography.Text>
      </div>
    );
  }
  return (
    <ul className="inbox-saved-replies" role="listbox" id={id} aria-label={t('savedReplies.title')}>
      {replies.map((reply, index) => (
        <li
          key={reply.id}
          id={`${id}-${reply.id}`}
          role="option"
          aria-selected={index === activeIndex}
          className={index === activeIndex ? 'inbox-saved-reply inbox-saved-reply-active' : 'inbox-saved-reply'}
          // mousedown, not click: the message box keeps its focus (and the list stays until the pick).
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(reply);
          }}
          onMouseEnter={() => onHover?.(index)}
        >
          <Typography.Text strong>{`/${reply.shortcut}`}</Typography.Text>
          <Typography.Text type="secondary" className="inbox-saved-reply-text">
            {preview(reply)}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}
