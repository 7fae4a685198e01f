import { useTexts } from '@parley/shared';
import { Alert, Button, Space } from 'antd';
import { useState } from 'react';
import {
  askNotificationPermission,
  rememberNotificationsOffered,
  shouldOfferNotifications,
} from '../live/incoming-alert';
import { texts } from '../i18n';

/**
 * Offers notifications once, after the user has started working (never a browser prompt on load): the browser
 * asks only when they choose "Turn on".
 */
export function NotificationOffer({ compact = false }: { compact?: boolean }) {
  const t = useTexts(texts);
  const [visible, setVisible] = useState(shouldOfferNotifications);
  if (!visible) return null;
  const close = () => {
    rememberNotificationsOffered();
    setVisible(false);
  };
  return (
    <Alert
      type="info"
      showIcon={!compact}
      // On a phone a one-line strip with small buttons, so the list keeps its room.
      className={compact ? 'inbox-offer is-compact' : 'inbox-offer'}
      title={t('dashboard.notificationOffer')}
      action={
        <Space size={4} direction={compact ? 'vertical' : 'horizontal'}>
          <Button
            size="small"
            type="primary"
            onClick={() => {
              void askNotificationPermission();
              setVisible(false);
            }}
          >
            {t('dashboard.turnOn')}
          </Button>
          <Button size="small" onClick={close}>
            {t('dashboard.notNow')}
          </Button>
        </Space>
      }
    />
  );
}
