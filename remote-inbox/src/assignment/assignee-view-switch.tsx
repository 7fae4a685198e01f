import { useTexts } from '@parley/shared';
import { Segmented } from 'antd';
import type { AssigneeView } from '../filters/filter-logic';
import { texts } from '../i18n';
import './assignment.css';

export interface AssigneeViewSwitchProps {
  value: AssigneeView | null | undefined;
  onChange: (view: AssigneeView | null) => void;
}

/** The dashboard's Mine / Unassigned / All views (issue #21), combined with the status tabs and the filters. */
export function AssigneeViewSwitch({ value, onChange }: AssigneeViewSwitchProps) {
  const t = useTexts(texts);
  const options = [
    { value: 'me', label: t('assignment.mine') },
    { value: 'unassigned', label: t('assignment.unassigned') },
    { value: 'all', label: t('assignment.all') },
  ];
  return (
    <Segmented
      size="small"
      aria-label={t('assignment.view')}
      className="inbox-assignee-view"
      value={value ?? 'all'}
      options={options}
      onChange={(next) => onChange(next === 'all' ? null : (next as AssigneeView))}
    />
  );
}
