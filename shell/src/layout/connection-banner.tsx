import { useStore } from '@nanostores/react';
import { $isOwner, Trans, useTexts } from '@parley/shared';
import { Alert } from 'antd';
import { Link } from 'react-router-dom';
import { texts } from '../i18n';
import { $connection, useConnectionState } from './connection-state';

/** The route of Credential Setup (side menu). */
export const CREDENTIAL_SETUP_PATH = '/credential';

/**
 * On every screen while Meta refuses the account's token: sends are held until an owner reconnects, so owners
 * are pointed at Credential Setup and agents told whom to ask.
 */
export function ConnectionBanner() {
  const t = useTexts(texts);
  useConnectionState();
  const connection = useStore($connection);
  const isOwner = useStore($isOwner);
  if (connection?.status !== 'disconnected') return null;
  return (
    <Alert
      type="error"
      showIcon
      banner
      role="alert"
      style={{ marginBottom: 16 }}
      title={
        isOwner ? (
          <span>
            <Trans
              ns={texts.namespace}
              i18nKey="connection.ownerDisconnected"
              components={{ page: <Link to={CREDENTIAL_SETUP_PATH} /> }}
            />
          </span>
        ) : (
          t('connection.agentDisconnected')
        )
      }
    />
  );
}
