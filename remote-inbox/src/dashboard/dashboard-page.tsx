import type { PageProps } from '@parley/shared';
import { Typography } from 'antd';

export function DashboardPage(_props: PageProps) {
  return <Typography.Title level={2}>Dashboard</Typography.Title>;
}
