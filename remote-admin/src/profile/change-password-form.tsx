import { PasswordStrength } from '@parley/shared';
import { Button, Form, Input, Space } from 'antd';
import type { PasswordChange } from './profile-api';

export function ChangePasswordForm({
  saving,
  onSave,
  onCancel,
}: {
  saving: boolean;
  onSave: (change: PasswordChange) => void;
  onCancel: () => void;
}) {
  return (
    <Form<PasswordChange> layout="vertical" onFinish={onSave} disabled={saving} style={{ maxWidth: 420 }}>
      <Form.Item
        label="Current Password"
        name="password"
        rules={[{ required: true, message: 'Please enter your current password' }]}
      >
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      <Form.Item
        label="New Password"
        name="newPassword"
        rules={[{ required: true, message: 'Please enter a new password' }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {({ getFieldValue }) => (
          <PasswordStrength password={getFieldValue('newPassword')} userInputs={[getFieldValue('password')]} />
        )}
      </Form.Item>
      <Form.Item
        label="Confirm Password"
        name="confirmNewPassword"
        rules={[{ required: true, message: 'Please confirm the new password' }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          Change Password
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Space>
    </Form>
  );
}
