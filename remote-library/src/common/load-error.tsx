import { Button, Space, Typography } from 'antd';

/** A list that could not be loaded: the spec's text and a Retry that asks the server again. */
export function LoadError({ text, onRetry }: { text: string; onRetry(): void }) {
  return (
    <Space>
      <Typography.Text type="danger">{text}</Typography.Text>
      <Button size="small" onClick={onRetry}>
        Retry
      </Button>
    </Space>
  );
}
