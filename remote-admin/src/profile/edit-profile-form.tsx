import type { CurrentUser } from '@parley/shared';
import { Button, Form, Input, Space } from 'antd';
import type { ProfileChanges } from './profile-api';

export function EditProfileForm({
  profile,
  isOwner,
  saving,
  onSave,
  onCancel,
}: {
  profile: CurrentUser;
  isOwner: boolean;
  saving: boolean;
  onSave: (changes: ProfileChanges) => void;
  onCancel: () => void;
}) {
  return (
    <Form<ProfileChanges>
      layout="vertical"
      onFinish={onSave}
      disabled={saving}
      initialValues={{ fullName: profile.fullName, accountName: profile.account?.name }}
      style={{ maxWidth: 420 }}
    >
      <Form.Item label="Full Name" name="fullName">
        <Input autoComplete="name" autoFocus />
      </Form.Item>
      {isOwner && (
        <Form.Item label="Account Name" name="accountName">
          <Input autoComplete="organization" />
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save Changes
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Space>
    </Form>
  );
}
