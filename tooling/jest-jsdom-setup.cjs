// What jsdom lacks and the browser has, for every jsdom test file (see jest.preset.cjs), before any module
// loads: text codecs (react-router), MessageChannel (React's scheduler, antd's forms), matchMedia and
// ResizeObserver (antd's grid and tables). Test files and helpers need no polyfills of their own.
const { TextEncoder, TextDecoder } = require('node:util');
const { MessageChannel: NodeMessageChannel } = require('node:worker_threads');

Object.assign(globalThis, { TextEncoder, TextDecoder });

/** The ports this file's channels opened: closed when the file ends (closeMessagePorts). */
const openPorts = [];

if (!globalThis.MessageChannel) {
  // Node's own channel (real macrotasks, untouched by jest's fake timers), with ports that do not keep the
  // process alive: React's scheduler holds one open forever, and `npx jest <file>` would never exit.
  const handler = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(new NodeMessageChannel().port1), 'onmessage');
  globalThis.MessageChannel = class MessageChannel extends NodeMessageChannel {
    constructor() {
      super();
      openPorts.push(this.port1, this.port2);
      for (const port of [this.port1, this.port2]) {
        Object.defineProperty(port, 'onmessage', {
          configurable: true,
          get: () => handler.get.call(port),
          set: (listener) => {
            handler.set.call(port, listener);
            port.unref();
          },
        });
      }
    }
  };
}

// antd's components load when a test first uses them, not all of them with antd (see jest-lazy-antd.cjs).
require('./jest-lazy-antd.cjs').install(jest);

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

// jsdom has no pseudo-elements: antd asks for ::before/::after styles to measure scroll bars, and jsdom answers
// with a "not implemented" error on the console. The element's own style is what it gets in jsdom anyway.
// jsdom's own answer, found faster (see jest-jsdom-computed-style.cjs).
const getComputedStyle = require('./jest-jsdom-computed-style.cjs').install(window);
window.getComputedStyle = (element) => getComputedStyle(element);

/**
 * An open port is held by Node until it is closed, and with it what it refers to: the test file's whole context
 * (its modules, jsdom's window), kept for the rest of the jest process, which grew by 4–10 MB a file
 * (jest-jsdom-after-env.cjs calls this once the file's tests are done).
 */
function closeMessagePorts() {
  for (const port of openPorts.splice(0)) port.close();
}

module.exports = { closeMessagePorts };
