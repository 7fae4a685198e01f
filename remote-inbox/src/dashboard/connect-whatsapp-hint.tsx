import { useStore } from '@nanostores/react';
import { $isOwner, api, Trans, useTexts, type ConnectionState, type PageProps } from '@parley/shared';
import { Alert, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { texts } from '../i18n';

/** The route of Credential Setup (side menu). */
export const CREDENTIAL_SETUP_PATH = '/credential';

/**
 * Until the account has ever connected WhatsApp (`none`, docs/api.md), nothing can arrive: a new owner is told
 * how to connect one, with a link to Credential Setup; an agent whom to ask. A disconnected account is the
 * shell's banner, not this.
 */
export function ConnectWhatsAppHint({ navigate }: Pick<PageProps, 'navigate'>) {
  const isOwner = useStore($isOwner);
  const t = useTexts(texts);
  const [neverConnected, setNeverConnected] = useState(false);
  useEffect(() => {
    let stopped = false;
    api.get<ConnectionState>('/api/account/connection').then(
      ({ data }) => !stopped && setNeverConnected(data?.status === 'none'),
      // Unknown is not "never connected": no hint.
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, []);
  if (!neverConnected) return null;
  return (
    <Alert
      type="info"
      showIcon
      className="inbox-connect-hint"
      title={isOwner ? t('dashboard.connectOwnerTitle') : t('dashboard.connectAgent')}
      description={
        isOwner ? (
          <Trans
            ns={texts.namespace}
            i18nKey="dashboard.connectOwnerHow"
            components={{
              page: (
                <Typography.Link
                  href={CREDENTIAL_SETUP_PATH}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(CREDENTIAL_SETUP_PATH);
                  }}
                />
              ),
            }}
          />
        ) : undefined
      }
    />
  );
}
