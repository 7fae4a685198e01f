import type { Page } from 'playwright-core';

/**
 * Moves the open app to `path` as its own links do (the history API; the shell's router follows popstate), without
 * loading the page again: for tests about what a page shows rather than about loading it (a full load costs
 * Chromium over a CPU-second). Returns after two frames, once the router has taken the change; the page itself may
 * still be loading, and a guard may have sent it elsewhere.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(async (to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    for (let frame = 0; frame < 2; frame += 1) await new Promise(requestAnimationFrame);
  }, path);
}
