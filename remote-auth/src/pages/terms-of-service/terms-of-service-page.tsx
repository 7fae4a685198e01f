import type { PageProps } from '@parley/shared';
import { Typography } from 'antd';

export function TermsOfServicePage(_props: PageProps) {
  return <Typography.Title level={2}>TermsOfService</Typography.Title>;
}
