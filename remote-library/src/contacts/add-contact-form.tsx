import { api, TOAST_MS, useTexts, useToast, withServerMessage } from '@parley/shared';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { texts } from '../i18n';

interface NewContact {
  name?: string;
  phone?: string;
  email?: string;
}

/** Owner-only 'Add New Contact': Full Name, Phone, Email (email type). Field rules are the server's. */
export function AddContactForm({ onAdded }: { onAdded(): void }) {
  const t = useTexts(texts);
  const [form] = Form.useForm<NewContact>();
  const [saving, setSaving] = useState(false);
  const toast = useToast(TOAST_MS.screen);

  async function add(values: NewContact) {
    setSaving(true);
    try {
      await api.post('/api/contacts', {
        name: values.name ?? '',
        phone: values.phone ?? '',
        email: values.email ?? '',
      });
      form.resetFields();
      onAdded();
    } catch (error) {
      toast.error(withServerMessage(t('contacts.addFailed'), error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={t('contacts.addTitle')} size="small" style={{ marginTop: 24, maxWidth: 480 }}>
      <Form form={form} layout="vertical" onFinish={add}>
        <Form.Item label={t('contacts.fullName')} name="name">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('contacts.phone')} name="phone">
          <Input type="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('contacts.email')} name="email">
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('contacts.add')}
        </Button>
      </Form>
    </Card>
  );
}
