import { useTexts, type CurrentUser } from '@parley/shared';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { texts } from '../i18n';
import type { ProfileChanges } from './profile-api';

/** A value that would be saved: non-blank and different from the current one (blank ones are not sent). */
const isChange = (value: string | undefined, current: string | undefined) =>
  value !== undefined && value.trim() !== '' && value.trim() !== (current ?? '');

/** Save stays disabled until a field really changes: saving nothing never claims success. */
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
  const t = useTexts(texts);
  const [changed, setChanged] = useState(false);
  return (
    <Form<ProfileChanges>
      layout="vertical"
      onValuesChange={(_change, { fullName, accountName }) =>
        setChanged(isChange(fullName, profile.fullName) || (isOwner && isChange(accountName, profile.account?.name)))
      }
      onFinish={onSave}
      disabled={saving}
      initialValues={{ fullName: profile.fullName, accountName: profile.account?.name }}
      style={{ maxWidth: 420 }}
    >
      <Form.Item label={t('profile.fullName')} name="fullName">
        <Input autoComplete="name" autoFocus />
      </Form.Item>
      {isOwner && (
        <Form.Item label={t('profile.accountName')} name="accountName">
          <Input autoComplete="organization" />
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} disabled={!changed}>
          {t('profile.saveChanges')}
        </Button>
        <Button onClick={onCancel}>{t('profile.cancel')}</Button>
      </Space>
    </Form>
  );
}
