import { configure, render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactElement } from 'react';

// jsdom lays nothing out; give scroll containers a size so the virtualised lists render their rows.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });

// The machine is shared and antd is heavy in jsdom: wait generously (these are not timing assertions).
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(60_000);

// rc-select schedules with MessageChannel, which jsdom lacks: a timer-based stand-in is enough here.
if (typeof globalThis.MessageChannel === 'undefined') {
  class Port {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    other?: Port;
    postMessage(data: unknown) {
      setTimeout(() => this.other?.onmessage?.({ data }), 0);
    }
    close() {}
  }
  class FakeMessageChannel {
    port1 = new Port();
    port2 = new Port();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = FakeMessageChannel;
}

/** Renders inside antd's <App>, as the parcel helper does (toasts need it). */
export function renderInApp(ui: ReactElement) {
  return render(<AntdApp>{ui}</AntdApp>);
}
