import type { PageProps } from '@parley/shared';
import { Typography } from 'antd';

export function FormsPage(_props: PageProps) {
  return <Typography.Title level={2}>Forms</Typography.Title>;
}
