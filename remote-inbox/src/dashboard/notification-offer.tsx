import { Alert, Button, Space } from 'antd';
import { useState } from 'react';
import {
  askNotificationPermission,
  rememberNotificationsOffered,
  shouldOfferNotifications,
} from '../live/incoming-alert';

/**
 * Offers notifications once, after the user has started working (never a browser prompt on load): the browser
 * asks only when they choose "Turn on".
 */
export function NotificationOffer() {
  const [visible, setVisible] = useState(shouldOfferNotifications);
  if (!visible) return null;
  const close = () => {
    rememberNotificationsOffered();
    setVisible(false);
  };
  return (
    <Alert
      type="info"
      showIcon
      title="Get a notification and a short sound when a customer writes while Parley is in the background?"
      action={
        <Space>
          <Button
            size="small"
            type="primary"
            onClick={() => {
              void askNotificationPermission();
              setVisible(false);
            }}
          >
            Turn on
          </Button>
          <Button size="small" onClick={close}>
            Not now
          </Button>
        </Space>
      }
    />
  );
}
