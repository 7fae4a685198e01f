// Deep import, as antd itself does: the package index pulls an ESM-only colour helper into CommonJS tests.
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useTexts, type CurrentUser } from '@parley/shared';
import { Avatar, Descriptions, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { texts } from '../i18n';

const AVATAR_SIZE = 80;

/**
 * docs/product-rules.md#admin: the account logo as avatar when there is one, then account name, full name, email, role.
 * Until the profile comes (a page opened without it in storage), the same rows hold placeholders of a line's height,
 * so nothing below moves when it arrives (docs/reliability.md, row 13, of the kind of rows 9, 10 and 12).
 */
export function ProfileDetails({ profile }: { profile: CurrentUser | null }) {
  const t = useTexts(texts);
  const logo = profile?.account?.logo || undefined;
  const value = (known: (profile: CurrentUser) => ReactNode) =>
    profile ? (
      known(profile)
    ) : (
      // A text line's height (the row's own `1lh`), not the skeleton's 24 px.
      <Skeleton.Input active size="small" styles={{ root: { height: '1lh' }, content: { height: '100%' } }} />
    );
  return (
    <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      {profile ? (
        <Avatar
          size={AVATAR_SIZE}
          src={logo}
          icon={logo ? undefined : <UserOutlined />}
          alt={logo ? t('profile.logoAlt', { account: profile.account.name }) : undefined}
          data-testid="profile-avatar"
        />
      ) : (
        <Skeleton.Avatar active size={AVATAR_SIZE} />
      )}
      <Descriptions
        column={1}
        size="small"
        style={{ flex: 1, minWidth: 240 }}
        items={[
          { key: 'account', label: t('profile.accountName'), children: value((p) => p.account?.name) },
          { key: 'fullName', label: t('profile.fullName'), children: value((p) => p.fullName) },
          { key: 'email', label: t('profile.email'), children: value((p) => p.email) },
          {
            key: 'role',
            label: t('profile.role'),
            children: value((p) => (p.role === 'owner' ? t('profile.roles.owner') : t('profile.roles.agent'))),
          },
        ]}
      />
    </div>
  );
}
