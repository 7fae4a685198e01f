import { useStore } from '@nanostores/react';
import { $profile, $realtimeStatus, refreshProfile } from '@parley/shared';
import { Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';

/** The greeting's name: the user's full name, or 'User' (spec section 2). */
export function greetingName(fullName: string | null | undefined): string {
  return fullName && fullName.trim() ? fullName.trim() : 'User';
}

/** Account name and a greeting; a quiet tag while the live connection is being re-established. */
export function DashboardHeader() {
  const profile = useStore($profile);
  const realtime = useStore($realtimeStatus);
  // Only a connection that was up and dropped is worth mentioning, not the first connect.
  const [wasOpen, setWasOpen] = useState(realtime === 'open');
  useEffect(() => {
    if (realtime === 'open') setWasOpen(true);
  }, [realtime]);
  useEffect(() => {
    // Usually loaded at sign-in; a page opened from a bookmark may not have it yet.
    if (!profile) refreshProfile().catch(() => undefined);
  }, [profile]);
  return (
    <header className="inbox-header">
      <div style={{ minWidth: 0 }}>
        <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
          {profile?.account?.name ?? ''}
        </Typography.Title>
        <Typography.Text type="secondary">Hello, {greetingName(profile?.fullName)}</Typography.Text>
      </div>
      {wasOpen && realtime === 'connecting' && <Tag color="orange">Reconnecting…</Tag>}
    </header>
  );
}
