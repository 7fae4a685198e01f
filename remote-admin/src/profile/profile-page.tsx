import type { PageProps } from '@parley/shared';
import { Typography } from 'antd';

export function ProfilePage(_props: PageProps) {
  return <Typography.Title level={2}>Profile</Typography.Title>;
}
