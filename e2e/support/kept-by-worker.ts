import type { Browser, BrowserContext, Page } from 'playwright-core';

/** A context the page pool hands out, with its one page; `tainted` once the test did what cleaning cannot undo. */
export interface TrackedContext {
  context: BrowserContext;
  page: Page;
  key: string;
  tainted: boolean;
}

/**
 * What this jest worker keeps from one test file to the next: support/worker.cjs, which the test environment
 * (support/environment.cjs) loads once per worker process and hands to every file.
 */
export const keptByWorker = (globalThis as unknown as { __e2eWorker: KeptByWorker }).__e2eWorker;

interface KeptByWorker {
  sharedBrowser(): Promise<Browser>;
  leaveBrowser(): Promise<void>;
  trackContext(context: BrowserContext, page: Page, key: string): TrackedContext;
  unpark(key: string): TrackedContext | undefined;
  park(tracked: TrackedContext): void;
  takePort(): Promise<number>;
  releasePort(port: number, broken?: boolean): void;
}
