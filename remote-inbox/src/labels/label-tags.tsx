import { useStore } from '@nanostores/react';
import { useTexts, type Label } from '@parley/shared';
import { Tag } from 'antd';
import { texts } from '../i18n';
import { $accountLabels, currentLabels } from './account-labels';

/** A conversation's labels as small tags in their colours (a row, the chat header). */
export function LabelTags({ labels }: { labels: Label[] | undefined }) {
  const t = useTexts(texts);
  const shown = currentLabels(labels, useStore($accountLabels));
  if (shown.length === 0) return null;
  return (
    <span
      className="inbox-labels"
      aria-label={t('labels.title')}
      style={{ display: 'inline-flex', gap: 2, minWidth: 0, overflow: 'hidden' }}
    >
      {shown.map((label) => (
        <Tag
          key={label.id}
          color={label.colour}
          variant="filled"
          style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px', paddingInline: 4 }}
        >
          {label.name}
        </Tag>
      ))}
    </span>
  );
}
