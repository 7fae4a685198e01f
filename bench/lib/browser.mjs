// Debian's Chromium through playwright-core, with the flags this closed network needs.
import { chromium } from 'playwright-core';
import chromiumFlags from '../../scripts/lib/chromium.cjs';

const open = new Set();

export async function launchBrowser() {
  const browser = await chromium.launch(chromiumFlags.chromiumLaunchOptions());
  open.add(browser);
  browser.on('disconnected', () => open.delete(browser));
  return browser;
}

export async function closeAllBrowsers() {
  await Promise.all([...open].map((browser) => browser.close().catch(() => undefined)));
}
