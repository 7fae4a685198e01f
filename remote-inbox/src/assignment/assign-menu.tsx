import { UserOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { $profile, TOAST_MS, useTexts, useToast, type Conversation, type AccountUser } from '@parley/shared';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { sendErrorText } from '../composer/send-message';
import { texts } from '../i18n';
import { fetchAssignableStaff, setConversationAssignee } from './assignment-api';
import './assignment.css';

export interface AssignMenuProps {
  conversation: Conversation | undefined;
  /** The conversation as the server answered after a change. */
  onChange: (conversation: Conversation) => void;
}

/**
 * The chat header's Assign menu (issue #21). Owners pick anyone active on the staff, or Unassign; agents take an
 * unassigned conversation ("Assign to me") or give up their own ("Unassign") — the server enforces the same rules.
 */
export function AssignMenu({ conversation, onChange }: AssignMenuProps) {
  const t = useTexts(texts);
  const toast = useToast(TOAST_MS.screen);
  const profile = useStore($profile);
  const [staff, setStaff] = useState<AccountUser[] | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const assignee = conversation?.assignee ?? null;
  const isOwner = profile?.role === 'owner';
  const mine = !!assignee && assignee.id === profile?.id;

  const assign = async (userId: string | null) => {
    if (!conversation || busy) return;
    setBusy(true);
    try {
      onChange(await setConversationAssignee(conversation.id, userId));
    } catch (error) {
      toast.error(sendErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  const loadStaff = (open: boolean) => {
    if (!open || !isOwner) return;
    fetchAssignableStaff().then(setStaff, () => setStaff((known) => known ?? []));
  };

  let items: NonNullable<MenuProps['items']>;
  if (isOwner) {
    items = [
      ...(assignee ? [{ key: 'unassign', label: t('assignment.unassign') }] : []),
      ...(staff ?? []).map((user) => ({
        key: `user:${user.id}`,
        label: user.id === profile?.id ? t('assignment.me', { name: user.fullName }) : user.fullName,
      })),
      ...(staff === undefined ? [{ key: 'loading', label: t('assignment.loadingStaff'), disabled: true }] : []),
    ];
  } else if (!assignee) {
    items = [{ key: 'me', label: t('assignment.assignToMe') }];
  } else if (mine) {
    items = [{ key: 'unassign', label: t('assignment.unassign') }];
  } else {
    items = [{ key: 'other', label: t('assignment.assignedTo', { name: assignee.fullName }), disabled: true }];
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'unassign') void assign(null);
    else if (key === 'me' && profile) void assign(profile.id);
    else if (key.startsWith('user:')) void assign(key.slice('user:'.length));
  };

  return (
    <Dropdown
      trigger={['click']}
      disabled={!conversation}
      onOpenChange={loadStaff}
      menu={{ items, onClick, selectable: true, selectedKeys: assignee ? [`user:${assignee.id}`] : [] }}
    >
      <Button
        icon={<UserOutlined />}
        loading={busy}
        aria-label={assignee ? t('assignment.assignedTo', { name: assignee.fullName }) : t('assignment.assign')}
      >
        <span className="inbox-assign-name">{assignee ? assignee.fullName : t('assignment.assign')}</span>
      </Button>
    </Dropdown>
  );
}
