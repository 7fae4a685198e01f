// What one jest worker process keeps from one browser-test file to the next. jest gives every test file a fresh
// module registry, but loads the test environment (support/environment.cjs) once per worker process; it loads this
// module and hands it to each file as `globalThis.__e2eWorker` (support/kept-by-worker.ts gives it its types).
//
// Why (issue #20): a page loading the app in a renderer process that loaded it before takes ~1.2 s instead of ~3,
// as V8 keeps its compilation of the scripts it ran (by source and URL), and a new browser context costs Chromium
// ~5 CPU-s more than a kept one (six sign-in loads of /main: 42.7 CPU-s in new contexts, 17.6 in one kept page).
// So the worker keeps one Chromium, parks the browser contexts a file's PagePool hands back clean, and starts every
// file's server on the same port: the parked pages stay on the same origin, and their scripts' URLs are the same.
const net = require('node:net');
const { chromium } = require('playwright-core');
const { chromiumLaunchOptions } = require('../../scripts/lib/chromium.cjs');
const { freePort } = require('../../scripts/lib/free-port.cjs');

/** @type {Promise<import('playwright-core').Browser> | undefined} */
let browser;
/**
 * Contexts handed back clean, each with its one page parked on a stack's /healthz; `key` is the options a context is
 * made with (colour scheme, language). Plain objects of this realm: a test file's own objects would keep its whole
 * module registry alive after the file ended.
 * @type {Array<{ context: import('playwright-core').BrowserContext, page: import('playwright-core').Page, key: string, tainted: boolean }>}
 */
const parked = [];
/** The port this worker's stacks listen on, while one does. */
const origin = { port: 0, inUse: false };

/** The worker's Chromium, launched by the first file that asks. */
function sharedBrowser() {
  browser ??= chromium.launch(chromiumLaunchOptions({ forTests: true })).then((launched) => {
    launched.on('disconnected', () => {
      browser = undefined;
      parked.length = 0;
    });
    return launched;
  });
  return browser;
}

/** Closes the contexts a file opened and left open; the parked ones stay for the next file. */
async function leaveBrowser() {
  if (!browser) return;
  const open = (await browser).contexts().filter((context) => !parked.some((kept) => kept.context === context));
  await Promise.all(open.map((context) => context.close().catch(() => undefined)));
}

/** Closes Chromium (the end of a run in jest's own process: a launched browser would keep it alive). */
async function closeBrowser() {
  const closing = browser;
  browser = undefined;
  parked.length = 0;
  await (await closing)?.close();
}

/** A context record to park later; its methods that leave something cleaning cannot undo mark it tainted. */
function trackContext(context, page, key) {
  const tracked = { context, page, key, tainted: false };
  const taint = (target, names) => {
    for (const name of names) {
      const original = target[name];
      if (typeof original !== 'function') continue;
      Object.defineProperty(target, name, {
        configurable: true,
        value: (...args) => {
          tracked.tainted = true;
          return original.apply(target, args);
        },
      });
    }
  };
  const shared = ['route', 'routeWebSocket', 'routeFromHAR', 'addInitScript', 'exposeFunction', 'exposeBinding'];
  taint(page, [...shared, 'emulateMedia', 'setExtraHTTPHeaders']);
  taint(context, [...shared, 'setOffline', 'setExtraHTTPHeaders', 'setGeolocation', 'setHTTPCredentials']);
  taint(page.keyboard, ['down']);
  taint(page.mouse, ['down']);
  const clock = ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'runFor', 'fastForward'];
  taint(page.clock, clock);
  taint(context.clock, clock);
  return tracked;
}

/** A parked context made with `key`, taken out of the park. */
function unpark(key) {
  const index = parked.findIndex((kept) => kept.key === key);
  return index < 0 ? undefined : parked.splice(index, 1)[0];
}

function park(tracked) {
  parked.push(tracked);
}

const isFree = (port) =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * The worker's port for a stack's server when no other stack of the worker is on it and nothing else took it since;
 * else a fresh one (which becomes the worker's port when it had none free to give).
 */
async function takePort() {
  if (!origin.inUse && origin.port) {
    // Claimed before the probe, so two stacks a file starts at once never both get it.
    origin.inUse = true;
    if (await isFree(origin.port)) return origin.port;
    origin.inUse = false;
  }
  const port = await freePort();
  if (!origin.inUse) Object.assign(origin, { port, inUse: true });
  return port;
}

/** The stack on `port` stopped; `broken` when its server could not use it (the next stack gets a fresh one). */
function releasePort(port, broken = false) {
  if (port !== origin.port) return;
  origin.inUse = false;
  if (broken) origin.port = 0;
}

module.exports = { sharedBrowser, leaveBrowser, closeBrowser, trackContext, unpark, park, takePort, releasePort };
