import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

// Debian's Chromium, with the flags this closed network needs (no background calls to Google's hosts).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A fresh context (own cookies and storage) with page errors collected for assertions. */
export async function newPage(browser: Browser, options: { viewport?: { width: number; height: number } } = {}) {
  const context: BrowserContext = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}
