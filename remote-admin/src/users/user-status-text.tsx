import { Typography } from 'antd';
import { KNOWN_STATUSES } from './user-texts';

/** active and hold as they are; any other status in red (docs/product-rules.md#user-status). */
export function UserStatusText({ status }: { status: string }) {
  return KNOWN_STATUSES.includes(status) ? (
    <Typography.Text>{status}</Typography.Text>
  ) : (
    <Typography.Text type="danger">{status}</Typography.Text>
  );
}
