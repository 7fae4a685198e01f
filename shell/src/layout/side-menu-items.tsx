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

export interface SideMenuItem {
  key: string;
  label: string;
  icon: ReactNode;
  ownerOnly?: boolean;
  /** Opened in a new tab (spec: Terms of Service is opened in a new tab from links). */
  newTab?: boolean;
}

/** docs/product-rules.md#routes: the authenticated shell's menu, in order. Logout is handled apart. */
export const SIDE_MENU: SideMenuItem[] = [
  { key: '/main', label: 'Dashboard', icon: <DashboardOutlined /> },
  { key: '/profile', label: 'Profile', icon: <UserOutlined /> },
  { key: '/contacts', label: 'Contact List', icon: <ContactsOutlined /> },
  { key: '/assets', label: 'Assets', icon: <AppstoreOutlined /> },
  { key: '/forms', label: 'Forms', icon: <FormOutlined /> },
  { key: '/saved-replies', label: 'Saved replies', icon: <MessageOutlined />, ownerOnly: true },
  { key: '/labels', label: 'Labels', icon: <TagsOutlined />, ownerOnly: true },
  { key: '/users', label: 'User List', icon: <TeamOutlined />, ownerOnly: true },
  { key: '/credential', label: 'Credential Setup', icon: <KeyOutlined />, ownerOnly: true },
  { key: '/reports', label: 'Reports', icon: <BarChartOutlined />, ownerOnly: true },
  { key: '/terms-of-service', label: 'Terms of Service', icon: <FileTextOutlined />, newTab: true },
];

export const LOGOUT_ITEM = { key: 'logout', label: 'Logout', icon: <LogoutOutlined /> };
