import { PasswordStrength } from '@parley/shared';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import type { NewUser } from './users-api';

export interface AddUserFormProps {
  /** Resolves true when the user was added (the form then empties itself). */
  onAdd(user: NewUser): Promise<boolean>;
}

/** 'Add New User': Full Name, Title, Email, Password, all required, the email in email format (docs/product-rules.md#validation). */
export function AddUserForm({ onAdd }: AddUserFormProps) {
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
    <Card title="Add New User" size="small">
      <Form form={form} name="addUser" layout="vertical" onFinish={submit} requiredMark={false} autoComplete="off">
        <Form.Item
          label="Full Name"
          name="fullName"
          rules={[{ required: true, whitespace: true, message: 'Full Name is required' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="Title"
          name="title"
          rules={[{ required: true, whitespace: true, message: 'Title is required' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, whitespace: true, message: 'Email is required' },
            { type: 'email', message: 'Enter a valid email address' },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item noStyle shouldUpdate>
          {({ getFieldValue }) => (
            <PasswordStrength
              password={getFieldValue('password')}
              userInputs={[getFieldValue('fullName'), getFieldValue('title'), getFieldValue('email')]}
            />
          )}
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Add User
        </Button>
      </Form>
    </Card>
  );
}
