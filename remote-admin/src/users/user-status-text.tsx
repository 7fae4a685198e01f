import { Typography } from 'antd';
import { KNOWN_STATUSES } from './user-texts';

/** active and hold as they are; any other status in red (spec section 3). */
export function UserStatusText({ status }: { status: string }) {
  return KNOWN_STATUSES.includes(status) ? (
    <Typography.Text>{status}</Typography.Text>
  ) : (
    <Typography.Text type="danger">{status}</Typography.Text>
  );
}
