import { useStore } from '@nanostores/react';
import { $isOwner } from '@parley/shared';
import { Alert } from 'antd';
import { Link } from 'react-router-dom';
import { $connection, useConnectionState } from './connection-state';

/** The route of Credential Setup (side menu). */
export const CREDENTIAL_SETUP_PATH = '/credential';

export const AGENT_DISCONNECTED_TEXT = 'WhatsApp is disconnected — ask an owner to reconnect it';

/**
 * On every screen while Meta refuses the account's token: sends are held until an owner reconnects, so owners
 * are pointed at Credential Setup and agents told whom to ask.
 */
export function ConnectionBanner() {
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
            WhatsApp is disconnected — reconnect in <Link to={CREDENTIAL_SETUP_PATH}>Credential Setup</Link>
          </span>
        ) : (
          AGENT_DISCONNECTED_TEXT
        )
      }
    />
  );
}
