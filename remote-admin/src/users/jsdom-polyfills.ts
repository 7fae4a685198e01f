// Test-only: what React's scheduler and antd expect from a browser but jsdom lacks. Import it FIRST in a test
// file (before @testing-library/react), because the scheduler looks for MessageChannel when it loads.

if (typeof globalThis.MessageChannel === 'undefined') {
  class FakeMessagePort {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    other?: FakeMessagePort;
    postMessage(data: unknown) {
      const target = this.other;
      setTimeout(() => target?.onmessage?.({ data }), 0);
    }
    close() {
      this.onmessage = null;
    }
  }
  class FakeMessageChannel {
    port1 = new FakeMessagePort();
    port2 = new FakeMessagePort();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = FakeMessageChannel;
}

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
  // jsdom does not implement pseudo-element styles; antd asks for them to measure scrollbars.
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}

export {};
