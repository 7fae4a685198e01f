import { texts } from '../i18n';

type TitleText = Parameters<typeof texts.t>[0];

/** The browser tab's title per page: "Contacts · Parley", with the caller's unread total first: "(3) Parley". */
const PAGE_TITLES: Record<string, TitleText> = {
  '/': 'titles.login',
  '/login': 'titles.login',
  '/forgot-password': 'titles.forgotPassword',
  '/signup': 'titles.signUp',
  '/verify': 'titles.verify',
  '/terms-of-service': 'titles.termsOfService',
  '/main': 'titles.dashboard',
  '/profile': 'titles.profile',
  '/contacts': 'titles.contacts',
  '/assets': 'titles.assets',
  '/forms': 'titles.forms',
  '/saved-replies': 'titles.savedReplies',
  '/labels': 'titles.labels',
  '/users': 'titles.userList',
  '/credential': 'titles.credentialSetup',
  '/reports': 'titles.reports',
};

export const APP_NAME = 'Parley';

export function documentTitle(pathname: string, unreadTotal: number): string {
  const page = texts.t(PAGE_TITLES[pathname] ?? 'titles.notFound');
  return `${unreadTotal > 0 ? `(${unreadTotal}) ` : ''}${page} · ${APP_NAME}`;
}
