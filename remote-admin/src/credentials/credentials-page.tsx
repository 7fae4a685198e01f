import {
  errorStatus,
  serverText,
  TOAST_MS,
  useTexts,
  useToast,
  type Credentials,
  type PageProps,
} from '@parley/shared';
import { App, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { texts } from '../i18n';
import { credentialsApi } from './credentials-api';
import { CredentialsForm } from './credentials-form';
import { EmbeddedSignupCard } from './embedded-signup-card';
import { useEmbeddedSignup } from './use-embedded-signup';

/** docs/product-rules.md#constants: /main one second after the credentials are set. */
export const REDIRECT_AFTER_CREDENTIALS_MS = 1000;

/** Credential Setup (/credential, owner): embedded sign-up, or the identifiers typed by hand. */
export function CredentialsPage({ navigate }: PageProps) {
  const t = useTexts(texts);
  const toast = useToast(TOAST_MS.screen);
  const { notification } = App.useApp();
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const toMain = useCallback(() => navigate('/main'), [navigate]);
  const signup = useEmbeddedSignup(toMain);

  const submit = async (credentials: Credentials) => {
    try {
      await credentialsApi.setCredentials(credentials);
    } catch (error) {
      // Answered by the server → its refusal (with its reason underneath); no answer at all → unknown error.
      if (errorStatus(error) === undefined) {
        toast.error(t('credentials.unknown'));
      } else {
        const reason = errorStatus(error) === 500 ? undefined : serverText(error);
        notification.error({
          title: t('credentials.refused'),
          description: reason,
          placement: 'topRight',
          duration: TOAST_MS.screen / 1000,
        });
      }
      return;
    }
    toast.success(t('credentials.saved'));
    redirect.current = setTimeout(toMain, REDIRECT_AFTER_CREDENTIALS_MS);
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 560 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('credentials.title')}
      </Typography.Title>
      <EmbeddedSignupCard phase={signup.phase} onStart={signup.start} />
      <CredentialsForm onSubmit={submit} onMissing={() => toast.error(t('credentials.missing'))} />
    </Space>
  );
}
