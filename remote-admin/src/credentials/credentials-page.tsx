import { errorStatus, serverText, TOAST_MS, useToast, type Credentials, type PageProps } from '@parley/shared';
import { App, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { credentialsApi } from './credentials-api';
import { CredentialsForm, MISSING_CREDENTIALS } from './credentials-form';
import { EmbeddedSignupCard } from './embedded-signup-card';
import { useEmbeddedSignup } from './use-embedded-signup';

export const CREDENTIALS_TEXTS = {
  saved: 'Credentials set successfully!',
  refused: 'Failed to set credentials.',
  unknown: 'An unknown error occurred.',
} as const;

/** docs/product-rules.md#constants: /main one second after the credentials are set. */
export const REDIRECT_AFTER_CREDENTIALS_MS = 1000;

/** Credential Setup (/credential, owner): embedded sign-up, or the identifiers typed by hand. */
export function CredentialsPage({ navigate }: PageProps) {
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
        toast.error(CREDENTIALS_TEXTS.unknown);
      } else {
        const reason = errorStatus(error) === 500 ? undefined : serverText(error);
        notification.error({
          title: CREDENTIALS_TEXTS.refused,
          description: reason,
          placement: 'topRight',
          duration: TOAST_MS.screen / 1000,
        });
      }
      return;
    }
    toast.success(CREDENTIALS_TEXTS.saved);
    redirect.current = setTimeout(toMain, REDIRECT_AFTER_CREDENTIALS_MS);
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 560 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Set Credentials
      </Typography.Title>
      <EmbeddedSignupCard phase={signup.phase} onStart={signup.start} />
      <CredentialsForm onSubmit={submit} onMissing={() => toast.error(MISSING_CREDENTIALS)} />
    </Space>
  );
}
