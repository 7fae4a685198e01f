import type { Browser } from 'playwright-core';
const { chromium } = require('playwright-core');
const { chromiumLaunchOptions, DISABLED_FEATURES } = require('./chromium.cjs');

// Chromium reads only the last `--disable-features`: ours must carry every feature Playwright turns off (its own
// switch comes first), or launching with ours would turn them back on (calls to Google's hosts among them).
describe('Chromium as the tests and benchmarks launch it', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch(chromiumLaunchOptions());
  });
  afterAll(() => browser?.close());

  it('keeps every feature Playwright turns off, and turns off ours, in the one switch Chromium reads', async () => {
    const page = await browser.newPage();
    await page.goto('chrome://version');
    const commandLine = (await page.locator('#command_line').innerText()).split(/\s+/);
    await page.context().close();
    const lists = commandLine
      .filter((arg) => arg.startsWith('--disable-features='))
      .map((arg) => arg.slice('--disable-features='.length).split(','));
    expect(lists.length).toBeGreaterThanOrEqual(1);
    const read = lists[lists.length - 1];
    const missing = lists
      .slice(0, -1)
      .flat()
      .filter((name) => !read.includes(name));
    expect(missing).toEqual([]);
    expect(read).toEqual(expect.arrayContaining(DISABLED_FEATURES));
  });

  it('opens no browser UI beside the pages (the omnibox popups a headless window never shows)', async () => {
    const context = await browser.newContext();
    await (await context.newPage()).goto('about:blank');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    await context.close();
    expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual([]);
  });
});
