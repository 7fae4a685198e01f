// Deep import, as antd itself does: the package index pulls an ESM-only colour helper into CommonJS tests.
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { CurrentUser } from '@parley/shared';
import { Avatar, Descriptions } from 'antd';

/** docs/product-rules.md#admin: the account logo as avatar when there is one, then account name, full name, email, role. */
export function ProfileDetails({ profile }: { profile: CurrentUser }) {
  const logo = profile.account?.logo || undefined;
  return (
    <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Avatar
        size={80}
        src={logo}
        icon={logo ? undefined : <UserOutlined />}
        alt={logo ? `${profile.account.name} logo` : undefined}
        data-testid="profile-avatar"
      />
      <Descriptions
        column={1}
        size="small"
        style={{ flex: 1, minWidth: 240 }}
        items={[
          { key: 'account', label: 'Account Name', children: profile.account?.name },
          { key: 'fullName', label: 'Full Name', children: profile.fullName },
          { key: 'email', label: 'Email', children: profile.email },
          { key: 'role', label: 'Role', children: profile.role },
        ]}
      />
    </div>
  );
}
