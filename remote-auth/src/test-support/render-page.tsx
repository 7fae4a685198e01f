// Test-only helpers: toasts need antd's <App>, and calls are faked per test (jsdom's gaps: tooling/jest-jsdom-setup.cjs).
import type { PageProps } from '@parley/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ComponentType } from 'react';

export function renderPage(Page: ComponentType<PageProps>, props: Partial<PageProps> = {}) {
  const navigate = (props.navigate ?? jest.fn()) as jest.Mock;
  const view = render(
    <AntdApp>
      <Page navigate={navigate} params={{}} search="" {...props} />
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
    response: status === undefined ? undefined : { status, data, statusText: '', headers: {} },
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
