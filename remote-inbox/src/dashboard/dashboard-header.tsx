import { useStore } from '@nanostores/react';
import { $profile, refreshProfile, useTexts } from '@parley/shared';
import { Typography } from 'antd';
import { useEffect } from 'react';
import { t, texts } from '../i18n';

/** The greeting's name: the user's full name, or 'User' (docs/product-rules.md#dashboard). */
export function greetingName(fullName: string | null | undefined): string {
  return fullName && fullName.trim() ? fullName.trim() : t('dashboard.defaultName');
}

/** Account name and a greeting. (A dropped live connection is the shell's Reconnecting bar, on every page.) */
export function DashboardHeader() {
  const profile = useStore($profile);
  const tr = useTexts(texts);
  useEffect(() => {
    // Usually loaded at sign-in; a page opened from a bookmark may not have it yet.
    if (!profile) refreshProfile().catch(() => undefined);
  }, [profile]);
  return (
    <header className="inbox-header">
      <div style={{ minWidth: 0 }}>
        {/* Its line is kept until the profile comes (inbox.css): the page moving down as it came lost clicks. */}
        <Typography.Title level={4} className="inbox-account-name" style={{ margin: 0 }} ellipsis>
          {profile?.account?.name ?? ''}
        </Typography.Title>
        <Typography.Text type="secondary">
          {tr('dashboard.greeting', { name: greetingName(profile?.fullName) })}
        </Typography.Text>
      </div>
    </header>
  );
}
