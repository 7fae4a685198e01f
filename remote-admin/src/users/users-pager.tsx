import { useTexts } from '@parley/shared';
import { Select, Space, Typography } from 'antd';
import { texts } from '../i18n';
import { PAGE_SIZES } from './user-texts';

export interface UsersPagerProps {
  limit: number;
  page: number;
  lastPage: number;
  onLimitChange(limit: number): void;
  onPageChange(page: number): void;
}

/** docs/product-rules.md#admin: a Limit selector and a Page selector under the list. */
export function UsersPager({ limit, page, lastPage, onLimitChange, onPageChange }: UsersPagerProps) {
  const t = useTexts(texts);
  const pages = Array.from({ length: Math.max(1, lastPage) }, (_, index) => index + 1);
  return (
    <Space wrap size="large">
      <Space>
        <Typography.Text id="users-limit-label">{t('users.limit')}</Typography.Text>
        <Select
          aria-labelledby="users-limit-label"
          value={limit}
          style={{ width: 90 }}
          options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
          onChange={onLimitChange}
        />
      </Space>
      <Space>
        <Typography.Text id="users-page-label">{t('users.page')}</Typography.Text>
        <Select
          aria-labelledby="users-page-label"
          value={page}
          style={{ width: 90 }}
          options={pages.map((number) => ({ value: number, label: String(number) }))}
          onChange={onPageChange}
        />
        <Typography.Text type="secondary">{t('users.pageOf', { count: Math.max(1, lastPage) })}</Typography.Text>
      </Space>
    </Space>
  );
}
