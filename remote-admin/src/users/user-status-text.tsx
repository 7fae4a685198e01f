import { useTexts } from '@parley/shared';
import { Typography } from 'antd';
import { texts } from '../i18n';

/** active and hold as they are; any other status in red (docs/product-rules.md#user-status). */
export function UserStatusText({ status }: { status: string }) {
  const t = useTexts(texts);
  const known = status === 'active' ? t('users.statuses.active') : status === 'hold' ? t('users.statuses.hold') : null;
  return known ? <Typography.Text>{known}</Typography.Text> : <Typography.Text type="danger">{status}</Typography.Text>;
}
