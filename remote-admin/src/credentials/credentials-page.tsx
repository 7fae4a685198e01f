import type { PageProps } from '@parley/shared';
import { Typography } from 'antd';

export function CredentialsPage(_props: PageProps) {
  return <Typography.Title level={2}>Credentials</Typography.Title>;
}
