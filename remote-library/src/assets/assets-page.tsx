import type { PageProps } from '@parley/shared';
import { Typography } from 'antd';

export function AssetsPage(_props: PageProps) {
  return <Typography.Title level={2}>Assets</Typography.Title>;
}
