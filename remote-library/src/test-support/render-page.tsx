// Test helpers for page components: jsdom lacks a few browser features antd uses (matchMedia for the responsive
// grid, MessageChannel for the select's timing, getComputedStyle of pseudo elements), and pages need antd's <App>.
import { render } from '@testing-library/react';
import { $persisted, clearAnswerCache, emptyPersistedState, type PageProps } from '@parley/shared';
import { App } from 'antd';
import type { ComponentType } from 'react';

if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (typeof globalThis.MessageChannel === 'undefined') {
  class TimeoutMessageChannel {
    port1: { onmessage: ((event: unknown) => void) | null; close(): void } = {
      onmessage: null,
      close: () => undefined,
    };
    port2 = {
      postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data }), 0),
      close: () => undefined,
    };
  }
  (globalThis as { MessageChannel?: unknown }).MessageChannel = TimeoutMessageChannel;
}

if (typeof window !== 'undefined') {
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);
}

// antd in jsdom is slow on a shared two-core machine: leave room before calling a test stuck.
jest.setTimeout(30_000);

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
