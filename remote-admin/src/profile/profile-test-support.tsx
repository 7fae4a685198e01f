// Test-only helpers for the profile page: toasts need <App> (jsdom's gaps: tooling/jest-jsdom-setup.cjs).
import type { PageProps } from '@parley/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ComponentType } from 'react';

export function renderProfilePage(Page: ComponentType<PageProps>) {
  return render(
    <AntdApp>
      <Page navigate={jest.fn()} params={{}} search="" />
    </AntdApp>,
  );
}

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

export function answer<T>(data: T) {
  return { status: 200, statusText: 'OK', data, headers: {}, config: {} } as never;
}

export function fakeToken(payload: Record<string, unknown>): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}
