import type { Page } from 'playwright-core';

/**
 * Holds back the page's requests to the given URL patterns until the returned function is called: what a slow answer
 * looks like to the page (a test then checks that nothing moves under the pointer when it comes).
 */
export async function holdRequests(page: Page, ...urls: string[]): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  for (const url of urls) {
    await page.route(url, async (route) => {
      await released;
      await route.continue();
    });
  }
  return release;
}
