import { ArrowLeftOutlined, MoreOutlined } from '@ant-design/icons';
import type { Contact, ConversationStatus } from '@parley/shared';
import { Button, Dropdown, Space, Tag, Typography } from 'antd';
import { chatTitle } from '../conversation/contact-label';

export interface ChatHeaderProps {
  contact: Contact | undefined;
  status: ConversationStatus | undefined;
  narrow: boolean;
  busy: boolean;
  onStatus: (status: ConversationStatus) => void;
  onBack?: () => void;
}

const STATUS_COLORS: Record<ConversationStatus, string> = { active: 'green', closed: 'default', archived: 'gold' };
const STATUS_NAMES: Record<ConversationStatus, string> = { active: 'Active', closed: 'Closed', archived: 'Archived' };

/** Contact name or phone, with Close and Archive (a menu below 768 px, spec sections 2 and 9). */
export function ChatHeader({ contact, status, narrow, busy, onStatus, onBack }: ChatHeaderProps) {
  const actions = [
    { key: 'closed' as const, label: 'Close', disabled: busy || status === 'closed' },
    { key: 'archived' as const, label: 'Archive', disabled: busy || status === 'archived' },
  ];
  return (
    <div className="inbox-chat-header">
      {onBack && (
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label="Back to conversations" onClick={onBack} />
      )}
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Title level={5} ellipsis style={{ margin: 0 }}>
          {contact ? chatTitle(contact) : ''}
        </Typography.Title>
        {contact?.profileName && contact.name && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            ({contact.profileName})
          </Typography.Text>
        )}
      </div>
      {status && <Tag color={STATUS_COLORS[status]}>{STATUS_NAMES[status]}</Tag>}
      {narrow ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: actions.map(({ key, label, disabled }) => ({ key, label, disabled })),
            onClick: ({ key }) => onStatus(key as ConversationStatus),
          }}
        >
          <Button icon={<MoreOutlined />} aria-label="Conversation actions" />
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
