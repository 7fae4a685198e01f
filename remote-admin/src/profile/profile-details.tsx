// Deep import, as antd itself does: the package index pulls an ESM-only colour helper into CommonJS tests.
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useTexts, type CurrentUser } from '@parley/shared';
import { Avatar, Descriptions } from 'antd';
import { texts } from '../i18n';

/** docs/product-rules.md#admin: the account logo as avatar when there is one, then account name, full name, email, role. */
export function ProfileDetails({ profile }: { profile: CurrentUser }) {
  const t = useTexts(texts);
  const logo = profile.account?.logo || undefined;
  const role = profile.role === 'owner' ? t('profile.roles.owner') : t('profile.roles.agent');
  return (
    <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Avatar
        size={80}
        src={logo}
        icon={logo ? undefined : <UserOutlined />}
        alt={logo ? t('profile.logoAlt', { account: profile.account.name }) : undefined}
        data-testid="profile-avatar"
      />
      <Descriptions
        column={1}
        size="small"
        style={{ flex: 1, minWidth: 240 }}
        items={[
          { key: 'account', label: t('profile.accountName'), children: profile.account?.name },
          { key: 'fullName', label: t('profile.fullName'), children: profile.fullName },
          { key: 'email', label: t('profile.email'), children: profile.email },
          { key: 'role', label: t('profile.role'), children: role },
        ]}
      />
    </div>
  );
}
