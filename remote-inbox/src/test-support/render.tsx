import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactElement } from 'react';

// jsdom lays nothing out; give scroll containers a size so the virtualised lists render their rows.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });

// The machine is shared and antd is heavy in jsdom (waits are generous for every package: tooling/).
jest.setTimeout(60_000);

/** Renders inside antd's <App>, as the parcel helper does (toasts need it). */
export function renderInApp(ui: ReactElement) {
  return render(<AntdApp>{ui}</AntdApp>);
}
