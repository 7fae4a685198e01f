// Test helpers for page components: pages need antd's <App> (jsdom's gaps: tooling/jest-jsdom-setup.cjs).
import { render } from '@testing-library/react';
import { $persisted, clearAnswerCache, emptyPersistedState, type PageProps } from '@parley/shared';
import { App } from 'antd';
import type { ComponentType } from 'react';

export const pageProps: PageProps = { navigate: () => undefined, params: {}, search: '' };

export function signIn(role: 'owner' | 'agent'): void {
  $persisted.set({
    ...emptyPersistedState(),
    session: { isAuthenticated: true, lastLoginDate: null, isOwner: role === 'owner' },
  });
}

export function resetClient(): void {
  $persisted.set(emptyPersistedState());
  clearAnswerCache();
}

export function renderPage(Page: ComponentType<PageProps>) {
  return render(
    <App>
      <Page {...pageProps} />
    </App>,
  );
}

/** An axios-like failure carrying a response, as the api client rejects with. */
export function httpFailure(status: number, data: unknown) {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: { status, data, headers: {}, statusText: '', config: {} },
  });
}
