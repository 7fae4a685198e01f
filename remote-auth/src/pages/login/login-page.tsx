import {
  $session,
  api,
  refreshProfile,
  removeToken,
  serverText,
  startSession,
  TOAST_MS,
  useTexts,
  useToast,
  type PageProps,
} from '@parley/shared';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { AuthCard } from '../../components/auth-card';
import { InternalLink } from '../../components/internal-link';
import { texts } from '../../i18n';

interface LoginForm {
  email: string;
  password: string;
}

/** The profile is reloaded after sign-in; a failure there must not keep a signed-in user on the login page. */
async function refreshProfileQuietly(): Promise<void> {
  try {
    await refreshProfile();
  } catch {
    // A 401 has already reset the session (shared client); anything else only leaves the stored profile as it was.
  }
}

export function LoginPage({ navigate, from }: PageProps) {
  const t = useTexts(texts);
  const toast = useToast(TOAST_MS.signIn);
  const [submitting, setSubmitting] = useState(false);

  // docs/product-rules.md#sign-in: already signed in → refresh the profile and go to /main; otherwise drop any stale token.
  useEffect(() => {
    if (!$session.get().isAuthenticated) {
      removeToken();
      return;
    }
    let active = true;
    void refreshProfileQuietly().then(() => {
      if (active && $session.get().isAuthenticated) navigate('/main', { replace: true });
    });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onFinish = async ({ email, password }: LoginForm) => {
    setSubmitting(true);
    let token: string;
    try {
      ({ token } = (await api.post<{ token: string }>('/auth/login', { email, password })).data);
    } catch (error) {
      toast.error(serverText(error) ?? t('login.failed'));
      setSubmitting(false);
      return;
    }
    startSession(token);
    await refreshProfileQuietly();
    setSubmitting(false);
    navigate(from || '/main', { replace: true });
  };

  return (
    <AuthCard title={t('login.title')}>
      <Form<LoginForm> layout="vertical" onFinish={onFinish} requiredMark={false} disabled={submitting}>
        <Form.Item
          label={t('common.email')}
          name="email"
          rules={[{ required: true, message: t('common.emailRequired') }]}
        >
          <Input inputMode="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          label={t('common.password')}
          name="password"
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('login.submit')}
          </Button>
        </Form.Item>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <InternalLink to="/forgot-password" navigate={navigate}>
          {t('login.forgotPassword')}
        </InternalLink>
        <InternalLink to="/signup" navigate={navigate}>
          {t('login.signUp')}
        </InternalLink>
      </div>
    </AuthCard>
  );
}
