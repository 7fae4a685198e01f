import { ArrowLeftOutlined, MoreOutlined } from '@ant-design/icons';
import { useTexts, type Contact, type ConversationStatus } from '@parley/shared';
import { Button, Dropdown, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { contactLabel } from '../conversation/contact-label';
import { texts } from '../i18n';

export interface ChatHeaderProps {
  contact: Contact | undefined;
  status: ConversationStatus | undefined;
  narrow: boolean;
  busy: boolean;
  onStatus: (status: ConversationStatus) => void;
  onBack?: () => void;
  /** Who else has this conversation open (who-is-here-view.tsx). */
  viewers?: ReactNode;
  /** The conversation's labels and their picker (labels/). */
  labels?: ReactNode;
  /** Who it is assigned to and the Assign menu (assignment/). */
  assignee?: ReactNode;
}

const STATUS_COLORS: Record<ConversationStatus, string> = { active: 'green', closed: 'default', archived: 'gold' };

/** The customer named as in the list (contactLabel), with Close, Archive and Reopen when archived (a menu below 768 px). */
export function ChatHeader({
  contact,
  status,
  narrow,
  busy,
  onStatus,
  onBack,
  viewers,
  labels,
  assignee,
}: ChatHeaderProps) {
  const t = useTexts(texts);
  const statusNames = { active: t('status.active'), closed: t('status.closed'), archived: t('status.archived') };
  const actions = [
    { key: 'closed' as const, label: t('chat.close'), disabled: busy || status === 'closed' },
    { key: 'archived' as const, label: t('chat.archive'), disabled: busy || status === 'archived' },
    // Out of Archived without closing it first (docs/product-rules.md#dashboard-main).
    ...(status === 'archived' ? [{ key: 'active' as const, label: t('chat.reopen'), disabled: busy }] : []),
  ];
  return (
    <div className="inbox-chat-header">
      {onBack && <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('chat.back')} onClick={onBack} />}
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Title level={5} ellipsis style={{ margin: 0 }}>
          {contact ? contactLabel(contact) : ''}
        </Typography.Title>
        {contact?.profileName && contact.name && contact.profileName !== contact.name && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            ({contact.profileName})
          </Typography.Text>
        )}
      </div>
      {viewers}
      {assignee}
      {labels}
      {status && <Tag color={STATUS_COLORS[status]}>{statusNames[status]}</Tag>}
      {narrow ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: actions.map(({ key, label, disabled }) => ({ key, label, disabled })),
            onClick: ({ key }) => onStatus(key as ConversationStatus),
          }}
        >
          <Button icon={<MoreOutlined />} aria-label={t('chat.actions')} />
        </Dropdown>
      ) : (
        <Space>
          {actions.map(({ key, label, disabled }) => (
            <Button key={key} disabled={disabled} onClick={() => onStatus(key)}>
              {label}
            </Button>
          ))}
        </Space>
      )}
    </div>
  );
}
