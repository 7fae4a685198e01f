import { useStore } from '@nanostores/react';
import { $realtimeStatus, useTexts } from '@parley/shared';
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { texts } from '../i18n';

/**
 * Shown while the socket that was open is down (the socket retries on its own; missed messages are fetched when
 * it is back), gone once it is open again. Not on the first connection of a page load.
 */
export function ReconnectingBar() {
  const t = useTexts(texts);
  const status = useStore($realtimeStatus);
  const [wasOpen, setWasOpen] = useState(status === 'open');
  useEffect(() => {
    if (status === 'open') setWasOpen(true);
    if (status === 'closed') setWasOpen(false);
  }, [status]);
  if (!wasOpen || status !== 'connecting') return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      role="status"
      style={{ marginBottom: 16 }}
      title={t('connection.reconnecting')}
    />
  );
}
