import { FormPasswordStrength, useTexts } from '@parley/shared';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { texts } from '../i18n';
import type { NewUser } from './users-api';

export interface AddUserFormProps {
  /** Resolves true when the user was added (the form then empties itself). */
  onAdd(user: NewUser): Promise<boolean>;
}

/** 'Add New User': Full Name, Title, Email, Password, all required, the email in email format (docs/product-rules.md#validation). */
export function AddUserForm({ onAdd }: AddUserFormProps) {
  const t = useTexts(texts);
  const [form] = Form.useForm<NewUser>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: NewUser) => {
    setSaving(true);
    try {
      if (await onAdd(values)) form.resetFields();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('users.add.title')} size="small">
      <Form form={form} name="addUser" layout="vertical" onFinish={submit} requiredMark={false} autoComplete="off">
        <Form.Item
          label={t('users.columns.fullName')}
          name="fullName"
          rules={[{ required: true, whitespace: true, message: t('users.add.fullNameRequired') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label={t('users.columns.title')}
          name="title"
          rules={[{ required: true, whitespace: true, message: t('users.add.titleRequired') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label={t('users.columns.email')}
          name="email"
          rules={[
            { required: true, whitespace: true, message: t('users.add.emailRequired') },
            { type: 'email', message: t('users.add.emailInvalid') },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('users.add.password')}
          name="password"
          rules={[{ required: true, message: t('users.add.passwordRequired') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <FormPasswordStrength field="password" userInputFields={['fullName', 'title', 'email']} />
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('users.add.submit')}
        </Button>
      </Form>
    </Card>
  );
}
