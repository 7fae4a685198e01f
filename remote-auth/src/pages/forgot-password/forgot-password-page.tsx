import { $language, api, FormPasswordStrength, TOAST_MS, useTexts, useToast, type PageProps } from '@parley/shared';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { AuthCard } from '../../components/auth-card';
import { InternalLink } from '../../components/internal-link';
import { texts } from '../../i18n';

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
  const t = useTexts(texts);
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
      // The server confirms in English; other languages show the catalogue's wording of it.
      if (confirmation) toast.info($language.get() === 'en' ? confirmation : t('forgot.codeSent'));
      return true;
    } catch {
      toast.error(t('forgot.sendCodeFailed'));
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
      toast.error(t('common.passwordsDiffer'));
      return;
    }
    setBusy('reset');
    try {
      // The email of step one names the account the code belongs to (the server checks the code against it only).
      await api.post('/auth/reset-password', { email, code: String(code).trim(), password, confirmPassword });
    } catch {
      toast.error(t('forgot.resetFailed'));
      return;
    } finally {
      setBusy(null);
    }
    toast.success(t('forgot.resetSucceeded'));
    resetForm.resetFields();
    setStep('enterEmail');
  };

  const backToLogin = (
    <div style={{ textAlign: 'center' }}>
      <InternalLink to="/" navigate={navigate}>
        {t('common.backToLogin')}
      </InternalLink>
    </div>
  );

  if (step === 'enterEmail') {
    return (
      <AuthCard title={t('forgot.title')}>
        <Form<EmailForm>
          layout="vertical"
          onFinish={onSendCode}
          requiredMark={false}
          initialValues={{ email }}
          disabled={busy !== null}
        >
          <Form.Item
            label={t('common.email')}
            name="email"
            rules={[{ required: true, message: t('common.emailRequired') }]}
          >
            <Input inputMode="email" autoComplete="email" autoFocus />
          </Form.Item>
          <Form.Item style={{ marginBottom: 12 }}>
            <Button type="primary" htmlType="submit" block loading={busy === 'send'}>
              {t('forgot.sendCode')}
            </Button>
          </Form.Item>
        </Form>
        {backToLogin}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.resetTitle')}>
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
          label={t('common.verificationCode')}
          name="code"
          rules={[{ required: true, message: t('forgot.codeRequired') }]}
        >
          {/* Text, not type=number: arrows and the wheel must not change it, and leading zeros stay. */}
          <Input inputMode="numeric" pattern="[0-9]*" autoComplete="one-time-code" autoFocus />
        </Form.Item>
        <Form.Item
          label={t('forgot.newPassword')}
          name="password"
          rules={[{ required: true, message: t('forgot.newPasswordRequired') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <FormPasswordStrength field="password" userInputs={[email]} />
        <Form.Item
          label={t('forgot.confirmNewPassword')}
          name="confirmPassword"
          rules={[{ required: true, message: t('forgot.confirmRequired') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <Button type="primary" htmlType="submit" block loading={busy === 'reset'}>
              {t('forgot.reset')}
            </Button>
            <Button block loading={busy === 'resend'} onClick={() => void requestCode(email, 'resend')}>
              {t('forgot.resend')}
            </Button>
          </div>
        </Form.Item>
      </Form>
      {backToLogin}
    </AuthCard>
  );
}
