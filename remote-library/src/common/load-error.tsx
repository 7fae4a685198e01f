import { useTexts } from '@parley/shared';
import { Button, Space, Typography } from 'antd';
import { texts } from '../i18n';

/** A list that could not be loaded: the spec's text and a Retry that asks the server again. */
export function LoadError({ text, onRetry }: { text: string; onRetry(): void }) {
  const t = useTexts(texts);
  return (
    <Space>
      <Typography.Text type="danger">{text}</Typography.Text>
      <Button size="small" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Space>
  );
}
