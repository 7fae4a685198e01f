import type { Browser, BrowserContext, Page } from 'playwright-core';
import { keptByWorker as worker, type TrackedContext as Tracked } from './kept-by-worker';

/**
 * The jest worker's Chromium: launched by its first test file and kept for the next (support/worker.cjs). A file
 * ends with `leaveBrowser`, not `close`.
 */
export function sharedBrowser(): Promise<Browser> {
  return worker.sharedBrowser();
}

/** Closes the browser contexts this file opened and left open; the worker's Chromium and its parked pages stay. */
export function leaveBrowser(): Promise<void> {
  return worker.leaveBrowser();
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

/**
 * Browser contexts handed out one per page and, after a test that passed, cleaned and parked for the next test of this
 * file or of the next file the jest worker runs (support/worker.cjs keeps them, and every stack of the worker
 * listens on the same port): cookies, storage and permissions cleared, listeners removed, the page parked on the
 * stack's /healthz (same origin, no app running). A page's first load in a new context costs Chromium ~5 CPU-s on a
 * 2-core machine (a new renderer process compiling the app's scripts); in a parked one much less (measured, issue
 * #20). A context the test changed in a way cleaning cannot undo (routes, init scripts, offline, a key or button
 * held, emulated media…) and every context of a failed test is closed instead.
 */
export class PagePool {
  private out: Array<OpenedPage & { tracked: Tracked }> = [];

  constructor(
    private readonly browser: Browser,
    /** Where parked pages wait: a same-origin page of the stack, so the next load stays in the same renderer. */
    private readonly parkingUrl: () => string,
  ) {}

  /** A page in a context of its own (own cookies, storage, system colour scheme, browser language). */
  async take(options: PageOptions = {}): Promise<OpenedPage> {
    const key = `${options.colorScheme ?? ''}|${options.locale ?? ''}`;
    const parked = worker.unpark(key);
    let handedOut: OpenedPage & { tracked: Tracked };
    if (parked) {
      await parked.page.setViewportSize(options.viewport ?? DEFAULT_VIEWPORT);
      handedOut = { context: parked.context, page: parked.page, errors: collectErrors(parked.page), tracked: parked };
    } else {
      const opened = await newPage(this.browser, options);
      handedOut = { ...opened, tracked: worker.trackContext(opened.context, opened.page, key) };
    }
    this.out.push(handedOut);
    return handedOut;
  }

  /** The pages handed out since the last `release`. */
  pages(): Page[] {
    return this.out.flatMap((pooled) => pooled.context.pages());
  }

  /** Every error the handed-out pages threw. */
  errors(): string[] {
    return this.out.flatMap((pooled) => pooled.errors);
  }

  /** Takes back every page handed out: parked when `keep` and the test left nothing behind, closed otherwise. */
  async release(keep: boolean): Promise<void> {
    const back = this.out.splice(0);
    await Promise.all(
      back.map(async ({ tracked }) => {
        if (keep && (await this.clean(tracked).catch(() => false))) worker.park(tracked);
        else await tracked.context.close().catch(() => undefined);
      }),
    );
  }

  /** The end of the file: what is still handed out is closed; parked pages stay for the next file. */
  async close(): Promise<void> {
    await this.release(false);
  }

  private async clean(tracked: Tracked): Promise<boolean> {
    const { context, page } = tracked;
    if (tracked.tainted || page.isClosed()) return false;
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
