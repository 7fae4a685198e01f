import { useTexts, type Conversation } from '@parley/shared';
import { Avatar, Tooltip } from 'antd';
import { texts } from '../i18n';
import { initialsOf } from './assignment-api';

/** A conversation row's assignee (issue #21): their initials, the name as tooltip and accessible name. */
export function AssigneeAvatar({ assignee }: { assignee: Conversation['assignee'] | undefined }) {
  const t = useTexts(texts);
  if (!assignee) return null;
  return (
    <Tooltip title={assignee.fullName}>
      <span
        role="img"
        aria-label={t('assignment.assignedTo', { name: assignee.fullName })}
        style={{ display: 'inline-flex', flexShrink: 0 }}
      >
        <Avatar size={20} aria-hidden style={{ fontSize: 10, backgroundColor: '#0f766e' }}>
          {initialsOf(assignee.fullName)}
        </Avatar>
      </span>
    </Tooltip>
  );
}
