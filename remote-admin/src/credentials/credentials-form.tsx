import { useTexts, type Credentials } from '@parley/shared';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { texts } from '../i18n';

export interface CredentialsFormProps {
  onSubmit(credentials: Credentials): Promise<void>;
  onMissing(): void;
}

/** WABA ID, Phone Number ID and Token typed by hand; all three are required (docs/product-rules.md#validation). */
export function CredentialsForm({ onSubmit, onMissing }: CredentialsFormProps) {
  const t = useTexts(texts);
  const [form] = Form.useForm<Credentials>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = form.getFieldsValue();
    const credentials = {
      wabaId: (values.wabaId ?? '').trim(),
      phoneNumberId: (values.phoneNumberId ?? '').trim(),
      token: (values.token ?? '').trim(),
    };
    if (!credentials.wabaId || !credentials.phoneNumberId || !credentials.token) {
      onMissing();
      return;
    }
    setSaving(true);
    try {
      await onSubmit(credentials);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('credentials.manualTitle')} size="small">
      <Form form={form} name="credentials" layout="vertical" onFinish={() => void submit()} autoComplete="off">
        <Form.Item label={t('credentials.wabaId')} name="wabaId">
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item label={t('credentials.phoneNumberId')} name="phoneNumberId">
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item label={t('credentials.token')} name="token">
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('credentials.save')}
        </Button>
      </Form>
    </Card>
  );
}
