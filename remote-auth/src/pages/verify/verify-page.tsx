import { api, TOAST_MS, Trans, useTexts, useToast, type PageProps } from '@parley/shared';
import { Button, Divider, Form, Input, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { InternalLink } from '../../components/internal-link';
import { AuthCard } from '../../components/auth-card';
import { texts } from '../../i18n';

/** docs/product-rules.md#constants: verification success leads to /login after 2 seconds. */
export const VERIFY_REDIRECT_MS = 2000;

/** The address sign-up sent the code to (`/verify?email=…`), if any. */
export const emailFromSearch = (search: string) => new URLSearchParams(search).get('email')?.trim() ?? '';

export function VerifyPage({ navigate, search }: PageProps) {
  const t = useTexts(texts);
  const toast = useToast(TOAST_MS.signIn);
  const [code, setCode] = useState('');
  const emailedTo = emailFromSearch(search);
  const [email, setEmail] = useState(emailedTo);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const [verified, setVerified] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);

  const onVerify = async () => {
    setBusy('verify');
    try {
      await api.post('/auth/verify', { code: code.trim(), ...(emailedTo ? { email: emailedTo } : {}) });
    } catch {
      toast.error(t('verify.failed'));
      setBusy(null);
      return;
    }
    setBusy(null);
    setVerified(true);
    toast.success(t('verify.verified'));
    redirect.current = setTimeout(() => navigate('/login'), VERIFY_REDIRECT_MS);
  };

  const onResend = async () => {
    setBusy('resend');
    try {
      await api.post('/auth/resend-verification-code', { email: email.trim() });
      toast.success(t('verify.codeResent'));
    } catch {
      toast.error(t('verify.failed'));
    } finally {
      setBusy(null);
    }
  };

  const disabled = busy !== null || verified;
  return (
    <AuthCard title={t('verify.title')}>
      {emailedTo && (
        <Typography.Paragraph>
          <Trans
            ns={texts.namespace}
            i18nKey="verify.emailedTo"
            values={{ email: emailedTo }}
            components={{ strong: <Typography.Text strong /> }}
          />
        </Typography.Paragraph>
      )}
      <Form layout="vertical" onFinish={onVerify} disabled={disabled}>
        <Form.Item label={t('common.verificationCode')} htmlFor="verify-code">
          <Input
            id="verify-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy === 'verify'}>
          {t('verify.submit')}
        </Button>
      </Form>
      <Divider />
      <Form layout="vertical" onFinish={onResend} disabled={disabled}>
        <Form.Item label={t('common.email')} htmlFor="resend-email">
          <Input
            id="resend-email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Form.Item>
        <Button htmlType="submit" block loading={busy === 'resend'}>
          {t('verify.resend')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        <InternalLink to="/login" navigate={navigate}>
          {t('common.backToLogin')}
        </InternalLink>
      </Typography.Paragraph>
    </AuthCard>
  );
}
