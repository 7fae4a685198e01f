import { useStore } from '@nanostores/react';
import { $isOwner, endSession } from '@parley/shared';
import { Layout, Menu } from 'antd';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOGOUT_ITEM, SIDE_MENU } from './side-menu-items';

/** The authenticated frame: a collapsible side menu beside the page. */
export function AppLayout({ children }: { children: ReactNode }) {
  const isOwner = useStore($isOwner);
  const navigate = useNavigate();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const entries = SIDE_MENU.filter((item) => !item.ownerOnly || isOwner);

  const onSelect = (key: string) => {
    if (key === LOGOUT_ITEM.key) {
      endSession();
      navigate('/login', { replace: true });
      return;
    }
    const item = entries.find((entry) => entry.key === key);
    if (item?.newTab) window.open(key, '_blank', 'noopener');
    else navigate(key);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} breakpoint="md" theme="light">
        <div className="parley-brand" style={{ padding: 16, fontWeight: 700, fontSize: 18 }}>
          {collapsed ? 'P' : 'Parley'}
        </div>
        <Menu
          mode="inline"
          selectedKeys={[location.pathname]}
          items={[...entries, LOGOUT_ITEM].map(({ key, label, icon }) => ({ key, label, icon }))}
          onClick={({ key }) => onSelect(key)}
        />
      </Layout.Sider>
      <Layout.Content style={{ padding: 16, minWidth: 0 }}>{children}</Layout.Content>
    </Layout>
  );
}
