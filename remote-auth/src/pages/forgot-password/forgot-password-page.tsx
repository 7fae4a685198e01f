import { api, PasswordStrength, TOAST_MS, useToast, type PageProps } from '@parley/shared';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { AuthCard } from '../../components/auth-card';
import { InternalLink } from '../../components/internal-link';
import { TEXTS } from '../../components/texts';

/** docs/product-rules.md#password-reset-flow: enterEmail → resetPassword once a code was sent → enterEmail after a successful reset. */
type Step = 'enterEmail' | 'resetPassword';

interface EmailForm {
  email: string;
}

interface ResetForm {
  code: string;
  password: string;
  confirmPassword: string;
}

/** The server's own confirmation text, when its answer carries one. */
function answerText(data: unknown): string | undefined {
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

export function ForgotPasswordPage({ navigate }: PageProps) {
  const toast = useToast(TOAST_MS.signIn);
  const [step, setStep] = useState<Step>('enterEmail');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState<'send' | 'reset' | 'resend' | null>(null);
  const [resetForm] = Form.useForm<ResetForm>();

  const requestCode = async (address: string, action: 'send' | 'resend'): Promise<boolean> => {
    setBusy(action);
    try {
      const { data } = await api.post('/auth/forgot-password', { email: address });
      const confirmation = answerText(data);
      if (confirmation) toast.info(confirmation);
      return true;
    } catch {
      toast.error(TEXTS.sendCodeFailed);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const onSendCode = async (values: EmailForm) => {
    if (await requestCode(values.email, 'send')) {
      setEmail(values.email);
      setStep('resetPassword');
    }
  };

  const onReset = async ({ code, password, confirmPassword }: ResetForm) => {
    if (password !== confirmPassword) {
      toast.error(TEXTS.passwordsDiffer);
      return;
    }
    setBusy('reset');
    try {
      // The email of step one names the account the code belongs to (the server checks the code against it only).
      await api.post('/auth/reset-password', { email, code: String(code).trim(), password, confirmPassword });
    } catch {
      toast.error(TEXTS.resetFailed);
      return;
    } finally {
      setBusy(null);
    }
    toast.success(TEXTS.resetSucceeded);
    resetForm.resetFields();
    setStep('enterEmail');
  };

  const backToLogin = (
    <div style={{ textAlign: 'center' }}>
      <InternalLink to="/" navigate={navigate}>
        Back to Login
      </InternalLink>
    </div>
  );

  if (step === 'enterEmail') {
    return (
      <AuthCard title="Forgot Password">
        <Form<EmailForm>
          layout="vertical"
          onFinish={onSendCode}
          requiredMark={false}
          initialValues={{ email }}
          disabled={busy !== null}
        >
          <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Please enter your email' }]}>
            <Input inputMode="email" autoComplete="email" autoFocus />
          </Form.Item>
          <Form.Item style={{ marginBottom: 12 }}>
            <Button type="primary" htmlType="submit" block loading={busy === 'send'}>
              Send Verification Code
            </Button>
          </Form.Item>
        </Form>
        {backToLogin}
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password">
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {email}
      </Typography.Paragraph>
      <Form<ResetForm>
        form={resetForm}
        layout="vertical"
        onFinish={onReset}
        requiredMark={false}
        disabled={busy !== null}
      >
        <Form.Item
          label="Verification Code"
          name="code"
          rules={[{ required: true, message: 'Please enter the verification code' }]}
        >
          {/* Text, not type=number: arrows and the wheel must not change it, and leading zeros stay. */}
          <Input inputMode="numeric" pattern="[0-9]*" autoComplete="one-time-code" autoFocus />
        </Form.Item>
        <Form.Item
          label="New Password"
          name="password"
          rules={[{ required: true, message: 'Please enter a new password' }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item noStyle shouldUpdate>
          {({ getFieldValue }) => <PasswordStrength password={getFieldValue('password')} userInputs={[email]} />}
        </Form.Item>
        <Form.Item
          label="Confirm New Password"
          name="confirmPassword"
          rules={[{ required: true, message: 'Please confirm the new password' }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <Button type="primary" htmlType="submit" block loading={busy === 'reset'}>
              Reset Password
            </Button>
            <Button block loading={busy === 'resend'} onClick={() => void requestCode(email, 'resend')}>
              Resend Verification Code
            </Button>
          </div>
        </Form.Item>
      </Form>
      {backToLogin}
    </AuthCard>
  );
}
