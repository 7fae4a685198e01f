import { api, PasswordStrength, serverText, TOAST_MS, useToast, type PageProps } from '@parley/shared';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { AuthCard } from '../../components/auth-card';
import { InternalLink } from '../../components/internal-link';
import { TEXTS } from '../../components/texts';
import { signUpProblem, type SignUpValues } from './sign-up-validation';

export function SignUpPage({ navigate }: PageProps) {
  const toast = useToast(TOAST_MS.signIn);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: SignUpValues) => {
    const problem = signUpProblem(values);
    if (problem) {
      toast.error(problem);
      return;
    }
    const { fullName, title, email, password, confirmPassword } = values;
    setSubmitting(true);
    try {
      await api.post('/auth/register', { fullName, title, email, password, confirmPassword });
    } catch (error) {
      toast.error(serverText(error) ?? TEXTS.signupFailed);
      setSubmitting(false);
      return;
    }
    setSubmitting(false);
    // The verify page says where the code went and fills the address in for Resend.
    navigate(`/verify?email=${encodeURIComponent(email.trim())}`);
  };

  return (
    <AuthCard title="Sign Up" width={440}>
      <Form<SignUpValues>
        layout="vertical"
        onFinish={onFinish}
        disabled={submitting}
        initialValues={{ fullName: '', title: '', email: '', password: '', confirmPassword: '', agree: false }}
      >
        <Form.Item label="Full Name" name="fullName" required>
          <Input autoComplete="name" autoFocus />
        </Form.Item>
        <Form.Item label="Title" name="title" required>
          <Input autoComplete="organization-title" />
        </Form.Item>
        <Form.Item label="Email" name="email" required>
          <Input inputMode="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Password" name="password" required>
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
        <Form.Item label="Confirm Password" name="confirmPassword" required>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="agree" valuePropName="checked">
          <Checkbox>
            I agree to the{' '}
            <a href="/terms-of-service" target="_blank" rel="noopener noreferrer">
              Terms of Service
            </a>
          </Checkbox>
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            Sign Up
          </Button>
        </Form.Item>
      </Form>
      <div style={{ textAlign: 'center' }}>
        <InternalLink to="/" navigate={navigate}>
          Back to login
        </InternalLink>
      </div>
    </AuthCard>
  );
}
