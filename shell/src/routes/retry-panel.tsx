import { useTexts } from '@parley/shared';
import { Button, Result } from 'antd';
import { texts } from '../i18n';

/** What the user sees when a page cannot be loaded or crashed: nothing technical, one thing to do. */
export function RetryPanel({ onRetry }: { onRetry: () => void }) {
  const t = useTexts(texts);
  return (
    <Result
      status="warning"
      title={t('retry.title')}
      subTitle={t('retry.subTitle')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('retry.button')}
        </Button>
      }
    />
  );
}
