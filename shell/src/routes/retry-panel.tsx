import { Button, Result } from 'antd';

/** What the user sees when a page cannot be loaded or crashed: nothing technical, one thing to do. */
export function RetryPanel({ onRetry }: { onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title="This part of Parley could not be loaded."
      subTitle="Check your connection and try again."
      extra={
        <Button type="primary" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
