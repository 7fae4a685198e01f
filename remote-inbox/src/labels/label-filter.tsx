import { useStore } from '@nanostores/react';
import { useTexts } from '@parley/shared';
import { Select, Tag } from 'antd';
import { texts } from '../i18n';
import { $accountLabels } from './account-labels';

/** The filters bar's label choice (issue #21): one label, or any (cleared). */
export function LabelFilter({ value, onChange }: { value: string | null; onChange: (label: string | null) => void }) {
  const t = useTexts(texts);
  const labels = useStore($accountLabels);
  // Nothing to choose from until the account has labels (then a label chosen in the address shows too).
  if (!labels || (labels.length === 0 && !value)) return null;
  return (
    <Select
      allowClear
      aria-label={t('filters.label')}
      placeholder={t('filters.label')}
      value={value ?? undefined}
      onChange={(label?: string) => onChange(label || null)}
      options={labels.map((label) => ({
        value: label.id,
        label: (
          <Tag color={label.colour} variant="filled" style={{ marginInlineEnd: 0 }}>
            {label.name}
          </Tag>
        ),
      }))}
      style={{ flex: '1 1 140px', minWidth: 120 }}
    />
  );
}
