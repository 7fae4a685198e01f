import type { Credentials } from '@parley/shared';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';

export const MISSING_CREDENTIALS = 'Please enter both WABA ID and Phone Number ID.';

export interface CredentialsFormProps {
  onSubmit(credentials: Credentials): Promise<void>;
  onMissing(): void;
}

/** WABA ID, Phone Number ID and Token typed by hand; all three are required (docs/product-rules.md#validation). */
export function CredentialsForm({ onSubmit, onMissing }: CredentialsFormProps) {
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
    <Card title="Enter the identifiers yourself" size="small">
      <Form form={form} name="credentials" layout="vertical" onFinish={() => void submit()} autoComplete="off">
        <Form.Item label="WABA ID" name="wabaId">
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item label="Phone Number ID" name="phoneNumberId">
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item label="Token" name="token">
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save Credentials
        </Button>
      </Form>
    </Card>
  );
}
