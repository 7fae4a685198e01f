/** The browser tab's title per page: "Contacts · Parley", with the caller's unread total first: "(3) Parley". */
const PAGE_TITLES: Record<string, string> = {
  '/': 'Login',
  '/login': 'Login',
  '/forgot-password': 'Forgot Password',
  '/signup': 'Sign Up',
  '/verify': 'Verify',
  '/terms-of-service': 'Terms of Service',
  '/main': 'Dashboard',
  '/profile': 'Profile',
  '/contacts': 'Contacts',
  '/assets': 'Assets',
  '/forms': 'Forms',
  '/saved-replies': 'Saved replies',
  '/labels': 'Labels',
  '/users': 'User List',
  '/credential': 'Credential Setup',
  '/reports': 'Reports',
};

export const APP_NAME = 'Parley';

export function documentTitle(pathname: string, unreadTotal: number): string {
  const page = PAGE_TITLES[pathname] ?? 'Page Not Found';
  return `${unreadTotal > 0 ? `(${unreadTotal}) ` : ''}${page} · ${APP_NAME}`;
}
