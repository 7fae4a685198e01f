import { Segmented } from 'antd';
import type { AssigneeView } from '../filters/filter-logic';
import './assignment.css';

const OPTIONS = [
  { value: 'me', label: 'Mine' },
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'all', label: 'All' },
] as const;

export interface AssigneeViewSwitchProps {
  value: AssigneeView | null | undefined;
  onChange: (view: AssigneeView | null) => void;
}

/** The dashboard's Mine / Unassigned / All views (issue #21), combined with the status tabs and the filters. */
export function AssigneeViewSwitch({ value, onChange }: AssigneeViewSwitchProps) {
  return (
    <Segmented
      size="small"
      aria-label="Assignment"
      className="inbox-assignee-view"
      value={value ?? 'all'}
      options={OPTIONS.map((option) => ({ ...option }))}
      onChange={(next) => onChange(next === 'all' ? null : (next as AssigneeView))}
    />
  );
}
