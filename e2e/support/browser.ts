import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const { chromiumLaunchOptions } = require('../../scripts/lib/chromium.cjs');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/** A fresh context (own cookies and storage) with page errors collected for assertions. */
export async function newPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark'; locale?: string } = {},
) {
  const context: BrowserContext = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
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
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}
