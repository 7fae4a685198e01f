import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The sign-in area's frame: one small card centred on a quiet background. */
export function AuthCard({ title, width = 400, children }: { title: string; width?: number; children: ReactNode }) {
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        boxSizing: 'border-box',
        background: 'var(--ant-color-bg-layout)',
      }}
    >
      <Card style={{ width: '100%', maxWidth: width }}>
        <Typography.Title level={2} style={{ textAlign: 'center', marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}
