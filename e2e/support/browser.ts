import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const { chromiumLaunchOptions } = require('../../scripts/lib/chromium.cjs');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions({ forTests: true }));
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  locale?: string;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** The page's uncaught errors since it was handed out. */
  errors: string[];
}

const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

/** A fresh context (own cookies and storage) with page errors collected for assertions. */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<OpenedPage> {
  const context: BrowserContext = await browser.newContext({
    viewport: options.viewport ?? DEFAULT_VIEWPORT,
    colorScheme: options.colorScheme,
    // The browser's language (navigator.languages, Accept-Language); Chromium's default is en-US.
    locale: options.locale,
    // The app then turns antd's animations off (shared/src/theme): under load a click could otherwise land on a
    // dropdown option still sliding into place, i.e. on its neighbour.
    reducedMotion: 'reduce',
  });
  // Waits, not assertions: generous, as CI may run on a machine busy with other work (a wait that ends early
  // still fails the test when what it waits for never comes).
  context.setDefaultTimeout(60_000);
  const page: Page = await context.newPage();
  return { context, page, errors: collectErrors(page) };
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

interface Pooled extends OpenedPage {
  key: string;
  /** Set when the test did something to the page or context that cleaning cannot undo (a route, an init script…). */
  tainted: boolean;
}

/**
 * Browser contexts handed out one per page and, after a test that passed, cleaned and kept for the next test of the
 * file: cookies, storage and permissions cleared, listeners removed, the page parked on the stack's /healthz (same
 * origin, no app running). A page's first load in a new context costs Chromium ~5 CPU-s on a 2-core machine (a
 * new renderer process compiling the app's scripts); in a kept one it costs ~1.3 (measured, issue #20). A context
 * the test changed in a way cleaning cannot undo (routes, init scripts, offline, a key or button held, emulated
 * media…) and every context of a failed test is closed instead.
 */
export class PagePool {
  private idle: Pooled[] = [];
  private out: Pooled[] = [];

  constructor(
    private readonly browser: Browser,
    /** Where kept pages wait: a same-origin page of the stack, so the next load stays in the same renderer. */
    private readonly parkingUrl: () => string,
  ) {}

  /** A page in a context of its own (own cookies, storage, system colour scheme, browser language). */
  async take(options: PageOptions = {}): Promise<OpenedPage> {
    const key = `${options.colorScheme ?? ''}|${options.locale ?? ''}`;
    const index = this.idle.findIndex((kept) => kept.key === key);
    let pooled: Pooled;
    if (index >= 0) {
      [pooled] = this.idle.splice(index, 1);
      await pooled.page.setViewportSize(options.viewport ?? DEFAULT_VIEWPORT);
      pooled.errors = collectErrors(pooled.page);
      pooled.tainted = false;
    } else {
      const opened = await newPage(this.browser, options);
      pooled = { ...opened, key, tainted: false };
      watchForTaint(pooled);
    }
    this.out.push(pooled);
    return pooled;
  }

  /** The pages handed out since the last `release`. */
  pages(): Page[] {
    return this.out.flatMap((pooled) => pooled.context.pages());
  }

  /** Every error the handed-out pages threw. */
  errors(): string[] {
    return this.out.flatMap((pooled) => pooled.errors);
  }

  /** Takes back every page handed out: kept when `keep` and the test left nothing behind, closed otherwise. */
  async release(keep: boolean): Promise<void> {
    const back = this.out.splice(0);
    await Promise.all(
      back.map(async (pooled) => {
        if (keep && (await this.clean(pooled).catch(() => false))) this.idle.push(pooled);
        else await pooled.context.close().catch(() => undefined);
      }),
    );
  }

  async close(): Promise<void> {
    await this.release(false);
    await Promise.all(this.idle.splice(0).map((pooled) => pooled.context.close().catch(() => undefined)));
  }

  private async clean(pooled: Pooled): Promise<boolean> {
    const { context, page } = pooled;
    if (pooled.tainted || page.isClosed()) return false;
    await Promise.all(
      context
        .pages()
        .filter((other) => other !== page)
        .map((other) => other.close()),
    );
    page.removeAllListeners();
    await page.goto(this.parkingUrl());
    await context.clearCookies();
    await context.clearPermissions();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    return true;
  }
}

/** Marks the pooled context tainted when the test calls something that cleaning cannot undo. */
function watchForTaint(pooled: Pooled) {
  const taint = <T extends object>(target: T, names: string[]) => {
    for (const name of names) {
      const original = (target as Record<string, unknown>)[name];
      if (typeof original !== 'function') continue;
      Object.defineProperty(target, name, {
        configurable: true,
        value: (...args: unknown[]) => {
          pooled.tainted = true;
          return (original as (...a: unknown[]) => unknown).apply(target, args);
        },
      });
    }
  };
  const { page, context } = pooled;
  const shared = ['route', 'routeWebSocket', 'routeFromHAR', 'addInitScript', 'exposeFunction', 'exposeBinding'];
  taint(page, [...shared, 'emulateMedia', 'setExtraHTTPHeaders']);
  taint(context, [...shared, 'setOffline', 'setExtraHTTPHeaders', 'setGeolocation', 'setHTTPCredentials']);
  taint(page.keyboard, ['down']);
  taint(page.mouse, ['down']);
  taint(page.clock, ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'runFor', 'fastForward']);
  taint(context.clock, ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'runFor', 'fastForward']);
}
