import { useTexts, type AccountUser } from '@parley/shared';
import { Button, Form, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { texts } from '../i18n';
import { OnlineDot } from './online-dot';
import type { UserChanges } from './users-api';
import { UserStatusText } from './user-status-text';

export interface UsersTableProps {
  users: AccountUser[];
  loading: boolean;
  /** The signed-in owner: they cannot suspend or delete themself, so those buttons are off on their row. */
  currentUserId: string | undefined;
  isOnline(user: AccountUser): boolean;
  /** Each resolves true on success. */
  onSave(user: AccountUser, changes: UserChanges): Promise<boolean>;
  onSuspend(user: AccountUser): Promise<boolean>;
  onUnsuspend(user: AccountUser): Promise<boolean>;
  onDelete(user: AccountUser): Promise<boolean>;
}

/** The staff rows; Edit turns a row's Full Name and Title into an inline form (docs/product-rules.md#admin). */
export function UsersTable(props: UsersTableProps) {
  const t = useTexts(texts);
  const { users, loading, currentUserId, isOnline } = props;
  const [form] = Form.useForm<UserChanges>();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const startEdit = (user: AccountUser) => {
    form.setFieldsValue({ fullName: user.fullName, title: user.title });
    setEditingId(user.id);
  };

  const run = async (user: AccountUser, action: () => Promise<boolean>) => {
    setBusyId(user.id);
    try {
      return await action();
    } finally {
      setBusyId(null);
    }
  };

  const save = async (user: AccountUser) => {
    let changes: UserChanges;
    try {
      changes = await form.validateFields();
    } catch {
      return; // the form shows which field is missing
    }
    const saved = await run(user, () =>
      props.onSave(user, { fullName: changes.fullName.trim(), title: changes.title.trim() }),
    );
    if (saved) setEditingId(null);
  };

  const editable = (field: keyof UserChanges, label: string) => (value: string, user: AccountUser) =>
    user.id === editingId ? (
      <Form.Item
        name={field}
        style={{ margin: 0 }}
        rules={[{ required: true, whitespace: true, message: t('users.fieldRequired', { field: label }) }]}
      >
        <Input aria-label={label} />
      </Form.Item>
    ) : (
      value
    );

  const actions = (user: AccountUser) => {
    const busy = busyId === user.id;
    if (user.id === editingId) {
      return (
        <Space wrap>
          <Button type="primary" size="small" loading={busy} onClick={() => void save(user)}>
            {t('users.saveChanges')}
          </Button>
          <Button size="small" onClick={() => setEditingId(null)}>
            {t('users.cancel')}
          </Button>
        </Space>
      );
    }
    const isSelf = user.id === currentUserId;
    return (
      <Space wrap>
        <Button size="small" disabled={busy} onClick={() => startEdit(user)}>
          {t('users.edit')}
        </Button>
        {user.status === 'active' && (
          <Button size="small" disabled={busy || isSelf} onClick={() => void run(user, () => props.onSuspend(user))}>
            {t('users.suspend')}
          </Button>
        )}
        {user.status === 'hold' && (
          <Button size="small" disabled={busy} onClick={() => void run(user, () => props.onUnsuspend(user))}>
            {t('users.unsuspend')}
          </Button>
        )}
        <Popconfirm
          title={t('users.deleteConfirm', { name: user.fullName })}
          okText={t('users.delete')}
          cancelText={t('users.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => run(user, () => props.onDelete(user))}
          disabled={busy || isSelf}
        >
          <Button size="small" danger disabled={busy || isSelf}>
            {t('users.delete')}
          </Button>
        </Popconfirm>
      </Space>
    );
  };

  const columns: TableColumnsType<AccountUser> = [
    { key: 'online', title: '', width: 36, render: (_: unknown, user) => <OnlineDot online={isOnline(user)} /> },
    {
      key: 'fullName',
      title: t('users.columns.fullName'),
      dataIndex: 'fullName',
      render: editable('fullName', t('users.columns.fullName')),
    },
    { key: 'email', title: t('users.columns.email'), dataIndex: 'email' },
    {
      key: 'title',
      title: t('users.columns.title'),
      dataIndex: 'title',
      render: editable('title', t('users.columns.title')),
    },
    {
      key: 'role',
      title: t('users.columns.role'),
      dataIndex: 'role',
      render: (role: string) =>
        role === 'owner' ? t('users.roles.owner') : role === 'agent' ? t('users.roles.agent') : role,
    },
    {
      key: 'status',
      title: t('users.columns.status'),
      dataIndex: 'status',
      render: (status: string) => <UserStatusText status={status} />,
    },
    { key: 'actions', title: t('users.columns.actions'), render: (_: unknown, user) => actions(user) },
  ];

  return (
    <Form form={form} name="editUser" component={false}>
      <Table<AccountUser>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={users}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Form>
  );
}
