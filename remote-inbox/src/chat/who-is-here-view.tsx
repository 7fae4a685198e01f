import { useTexts } from '@parley/shared';
import { Avatar, Tooltip, Typography } from 'antd';
import { texts } from '../i18n';
import { typingText, type Colleague } from './who-is-here';

const initials = (fullName: string) =>
  fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('') || '?';

/** The chat header's avatars of the colleagues who have this conversation open too; their names on hover. */
export function ViewerAvatars({ viewers }: { viewers: Colleague[] }) {
  const t = useTexts(texts);
  if (!viewers.length) return null;
  const names = viewers.map((viewer) => viewer.fullName).join(', ');
  const label = t('chat.alsoViewing', { names });
  return (
    <Tooltip title={label}>
      <span className="inbox-viewers" role="group" aria-label={label} data-testid="conversation-viewers">
        <Avatar.Group max={{ count: 3 }} size="small">
          {viewers.map((viewer) => (
            <Avatar key={viewer.id} size="small" aria-hidden>
              {initials(viewer.fullName)}
            </Avatar>
          ))}
        </Avatar.Group>
      </span>
    </Tooltip>
  );
}

/** "Adam Smith is typing…" above the composer; always present (empty) so screen readers announce changes. */
export function TypingLine({ typists }: { typists: Colleague[] }) {
  // Repaints on a language change (typingText's words are texts).
  useTexts(texts);
  const text = typingText(typists);
  return (
    <div className="inbox-typing" aria-live="polite" style={{ padding: text ? '2px 12px' : 0 }}>
      {text && (
        <Typography.Text type="secondary" italic style={{ fontSize: 12 }}>
          {text}
        </Typography.Text>
      )}
    </div>
  );
}
