// Test-only helpers for the remotes' page tests (jest + jsdom; jsdom's gaps: jest-jsdom-setup.cjs): a page needs
// antd's <App> for its toasts, and calls are faked per test with axios' own shapes.
import { fireEvent, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ComponentType } from 'react';

/**
 * The page inside antd's <App> with the props the shell gives every page (@parley/shared's PageProps: tooling
 * imports no package); `navigate` is a jest mock unless given.
 */
export function renderPage<P extends object>(Page: ComponentType<P>, props: Partial<P> = {}) {
  const navigate = ((props as { navigate?: unknown }).navigate ?? jest.fn()) as jest.Mock;
  const all = { params: {}, search: '', ...props, navigate } as unknown as P;
  const view = render(
    <AntdApp>
      <Page {...all} />
    </AntdApp>,
  );
  return { ...view, navigate };
}

/** Types into the input a visible label names. */
export function type(label: string, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

export function click(name: string): void {
  fireEvent.click(screen.getByRole('button', { name }));
}

/** A failed call as axios reports it (the shape shared's error helpers read): with a server answer or none. */
export function httpError(status?: number, data?: unknown): Error {
  return Object.assign(new Error(status ? `Request failed with status code ${status}` : 'Network Error'), {
    isAxiosError: true,
    response: status === undefined ? undefined : { status, data, statusText: '', headers: {}, config: {} },
  });
}

/** A successful axios answer carrying `data`. */
export function answer<T>(data: T) {
  return { status: 200, statusText: 'OK', data, headers: {}, config: {} } as never;
}

/** An unsigned token with the payload the client decodes (it never checks signatures). */
export function fakeToken(payload: Record<string, unknown>): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}
