// What jsdom lacks and the browser has: text codecs (react-router), MessageChannel, matchMedia and
// ResizeObserver (antd).
const { TextEncoder, TextDecoder } = require('node:util');
const { MessageChannel } = require('node:worker_threads');

Object.assign(globalThis, { TextEncoder, TextDecoder });
// antd's forms schedule work through MessageChannel.
if (!globalThis.MessageChannel) globalThis.MessageChannel = MessageChannel;

if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
}

if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
