// Debian's Chromium through playwright-core, with the flags this closed network needs.
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const open = new Set();

export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  open.add(browser);
  browser.on('disconnected', () => open.delete(browser));
  return browser;
}

export async function closeAllBrowsers() {
  await Promise.all([...open].map((browser) => browser.close().catch(() => undefined)));
}
