import { MenuOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { $isOwner, endSession, useTexts } from '@parley/shared';
import { Button, Drawer, Grid, Layout, Menu } from 'antd';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { texts } from '../i18n';
import { ConnectionBanner } from './connection-banner';
import { ReconnectingBar } from './reconnecting-bar';
import { rememberCollapsed, rememberedCollapsed } from './side-menu-memory';
import { LOGOUT_ITEM, SIDE_MENU } from './side-menu-items';
import { ThemeSwitch } from './theme-switch';

/**
 * The authenticated frame: a collapsible side menu beside the page (its state remembered across reloads); under
 * 576 px (antd's `sm`) a top bar whose menu button opens the menu as an overlay drawer, so the page keeps the width.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const t = useTexts(texts);
  const isOwner = useStore($isOwner);
  const navigate = useNavigate();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const narrow = screens.sm === false;
  const [collapsed, setCollapsed] = useState(rememberedCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const entries = SIDE_MENU.filter((item) => !item.ownerOnly || isOwner);

  const onSelect = (key: string) => {
    setDrawerOpen(false);
    if (key === LOGOUT_ITEM.key) {
      endSession();
      navigate('/login', { replace: true });
      return;
    }
    const item = entries.find((entry) => entry.key === key);
    if (item?.newTab) window.open(key, '_blank', 'noopener');
    else navigate(key);
  };

  const menu = (
    <Menu
      mode="inline"
      selectedKeys={[location.pathname]}
      items={[...entries, LOGOUT_ITEM].map(({ key, label, icon }) => ({ key, label: t(label), icon }))}
      onClick={({ key }) => onSelect(key)}
    />
  );
  const brand = (short: boolean) => (
    <div className="parley-brand" style={{ padding: 16, fontWeight: 700, fontSize: 18 }}>
      {short ? 'P' : 'Parley'}
    </div>
  );

  const content = (
    <Layout.Content style={{ padding: narrow ? 8 : 16, minWidth: 0 }}>
      <ReconnectingBar />
      <ConnectionBanner />
      {children}
    </Layout.Content>
  );

  if (narrow) {
    return (
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            padding: '0 8px',
            height: 48,
            background: 'var(--ant-color-bg-container)',
          }}
        >
          <Button type="text" icon={<MenuOutlined />} aria-label={t('menu.open')} onClick={() => setDrawerOpen(true)} />
          <span style={{ fontWeight: 700, fontSize: 18 }}>Parley</span>
        </Layout.Header>
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={256}
          title="Parley"
          styles={{ body: { padding: 0 } }}
        >
          {menu}
          <ThemeSwitch />
        </Drawer>
        {content}
      </Layout>
    );
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={(value, type) => {
          // Only the user's own choice is remembered; a medium screen collapses the menu for the moment, and a
          // wide one goes back to the remembered choice (antd reports the width on mount as well).
          if (type === 'clickTrigger') rememberCollapsed(value);
          setCollapsed(type === 'responsive' && !value ? rememberedCollapsed() : value);
        }}
        breakpoint="md"
        theme="light"
      >
        {brand(collapsed)}
        {menu}
        <ThemeSwitch compact={collapsed} />
      </Layout.Sider>
      {content}
    </Layout>
  );
}
