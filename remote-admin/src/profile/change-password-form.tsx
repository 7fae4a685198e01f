import { FormPasswordStrength, useTexts } from '@parley/shared';
import { Button, Form, Input, Space } from 'antd';
import { texts } from '../i18n';
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
  const t = useTexts(texts);
  return (
    <Form<PasswordChange> layout="vertical" onFinish={onSave} disabled={saving} style={{ maxWidth: 420 }}>
      <Form.Item
        label={t('profile.currentPassword')}
        name="password"
        rules={[{ required: true, message: t('profile.currentPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      <Form.Item
        label={t('profile.newPassword')}
        name="newPassword"
        rules={[{ required: true, message: t('profile.newPasswordRequired') }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <FormPasswordStrength field="newPassword" userInputFields={['password']} />
      <Form.Item
        label={t('profile.confirmPassword')}
        name="confirmNewPassword"
        rules={[{ required: true, message: t('profile.confirmRequired') }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('profile.changePassword')}
        </Button>
        <Button onClick={onCancel}>{t('profile.cancel')}</Button>
      </Space>
    </Form>
  );
}
