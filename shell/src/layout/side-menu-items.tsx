import {
  AppstoreOutlined,
  BarChartOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FormOutlined,
  KeyOutlined,
  LogoutOutlined,
  MessageOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
  ContactsOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { texts } from '../i18n';

type MenuText = Parameters<typeof texts.t>[0];

export interface SideMenuItem {
  key: string;
  /** Its text in the shell's catalogue. */
  label: MenuText;
  icon: ReactNode;
  ownerOnly?: boolean;
  /** Opened in a new tab (spec: Terms of Service is opened in a new tab from links). */
  newTab?: boolean;
}

/** docs/product-rules.md#routes: the authenticated shell's menu, in order. Logout is handled apart. */
export const SIDE_MENU: SideMenuItem[] = [
  { key: '/main', label: 'menu.dashboard', icon: <DashboardOutlined /> },
  { key: '/profile', label: 'menu.profile', icon: <UserOutlined /> },
  { key: '/contacts', label: 'menu.contactList', icon: <ContactsOutlined /> },
  { key: '/assets', label: 'menu.assets', icon: <AppstoreOutlined /> },
  { key: '/forms', label: 'menu.forms', icon: <FormOutlined /> },
  { key: '/saved-replies', label: 'menu.savedReplies', icon: <MessageOutlined />, ownerOnly: true },
  { key: '/labels', label: 'menu.labels', icon: <TagsOutlined />, ownerOnly: true },
  { key: '/users', label: 'menu.userList', icon: <TeamOutlined />, ownerOnly: true },
  { key: '/credential', label: 'menu.credentialSetup', icon: <KeyOutlined />, ownerOnly: true },
  { key: '/reports', label: 'menu.reports', icon: <BarChartOutlined />, ownerOnly: true },
  { key: '/terms-of-service', label: 'menu.termsOfService', icon: <FileTextOutlined />, newTab: true },
];

export const LOGOUT_ITEM: SideMenuItem = { key: 'logout', label: 'menu.logout', icon: <LogoutOutlined /> };
