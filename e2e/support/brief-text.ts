import type { Page } from 'playwright-core';

/**
 * Runs `action`, then resolves once `text` has been shown inside `container` (in the page and visible), however
 * briefly. A text the product shows for a second or two can come and go between two looks of a `waitFor` when the
 * machine is busy (the page's timer runs before it paints); a mutation observer, set up before the action, sees
 * every change. After `timeoutMs` without it, fails with what the container shows instead.
 */
export async function shownBriefly(
  page: Page,
  container: string,
  text: string,
  action: () => Promise<void>,
  timeoutMs = 60_000,
) {
  const key = `${container} ${text}`;
  await page.evaluate(
    ({ container, text, key }) => {
      const shown = () =>
        [...document.querySelectorAll(`${container} *`)].some(
          (element) => element.textContent?.trim() === text && element.checkVisibility(),
        );
      const watched = window as unknown as { shownBriefly?: Record<string, Promise<true>> };
      watched.shownBriefly ??= {};
      watched.shownBriefly[key] = new Promise((resolve) => {
        if (shown()) return resolve(true);
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          resolve(true);
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
      });
    },
    { container, text, key },
  );
  await action();
  const seen = await page.evaluate(
    ({ container, key, timeoutMs }) =>
      Promise.race([
        (window as unknown as { shownBriefly: Record<string, Promise<true>> }).shownBriefly[key],
        new Promise<string>((resolve) =>
          setTimeout(() => resolve(document.querySelector(container)?.textContent ?? '(no such element)'), timeoutMs),
        ),
      ]),
    { container, key, timeoutMs },
  );
  if (seen !== true)
    throw new Error(`“${text}” never showed in ${container} within ${timeoutMs} ms; it shows “${seen}”`);
}
