// Test-only helpers for the admin pages (jsdom's gaps are filled by tooling/jest-jsdom-setup.cjs).
import { render } from '@testing-library/react';
import { clearAnswerCache, type PageProps } from '@parley/shared';
import { App as AntdApp } from 'antd';
import type { ComponentType } from 'react';

export function renderPage(Page: ComponentType<PageProps>, navigate: PageProps['navigate'] = jest.fn()) {
  // Each test starts with no cached answers (a cached page would not be fetched again).
  clearAnswerCache();
  return render(
    <AntdApp>
      <Page navigate={navigate} params={{}} search="" />
    </AntdApp>,
  );
}

/** A failed call as axios reports it (shape read by shared's error helpers): with a server answer or none. */
export function httpError(status?: number, data?: unknown): Error {
  const error = Object.assign(new Error(status ? `Request failed with status code ${status}` : 'Network Error'), {
    isAxiosError: true,
    response: status === undefined ? undefined : { status, data, statusText: '', headers: {} },
  });
  return error;
}

/** A successful axios answer carrying `data`. */
export function answer<T>(data: T) {
  return { status: 200, statusText: 'OK', data, headers: {}, config: {} } as never;
}
