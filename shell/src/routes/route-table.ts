/** Who may open a route: anyone, only signed-in users, or only owners (spec section 2). */
export type RouteAccess = 'public' | 'user' | 'owner';

export interface PageRoute {
  path: string;
  /** Federation id of the exposed parcel: `<remote>/<Page>`. */
  module: string;
  access: RouteAccess;
  /** Public pages without the side menu. */
  bare?: boolean;
}

export const PAGE_ROUTES: PageRoute[] = [
  { path: '/', module: 'remote_auth/Login', access: 'public', bare: true },
  { path: '/login', module: 'remote_auth/Login', access: 'public', bare: true },
  { path: '/forgot-password', module: 'remote_auth/ForgotPassword', access: 'public', bare: true },
  { path: '/signup', module: 'remote_auth/SignUp', access: 'public', bare: true },
  { path: '/verify', module: 'remote_auth/Verify', access: 'public', bare: true },
  { path: '/terms-of-service', module: 'remote_auth/TermsOfService', access: 'public', bare: true },
  { path: '/main', module: 'remote_inbox/Dashboard', access: 'user' },
  { path: '/profile', module: 'remote_admin/Profile', access: 'user' },
  { path: '/contacts', module: 'remote_library/Contacts', access: 'user' },
  { path: '/assets', module: 'remote_library/Assets', access: 'user' },
  { path: '/forms', module: 'remote_library/Forms', access: 'user' },
  { path: '/users', module: 'remote_admin/Users', access: 'owner' },
  { path: '/credential', module: 'remote_admin/Credentials', access: 'owner' },
];

/** Exposed modules the shell routes to, per remote: a deploy lacking one of them is refused (issue 8). */
export function routedModules(): Record<string, string[]> {
  const byRemote: Record<string, string[]> = {};
  for (const route of PAGE_ROUTES) {
    const [remote, page] = route.module.split('/');
    byRemote[remote] = [...new Set([...(byRemote[remote] ?? []), `./${page}`])];
  }
  return byRemote;
}
