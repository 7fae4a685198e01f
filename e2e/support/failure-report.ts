import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './stack';

/** True when the running test's own code failed (support/environment.cjs sets it). */
export const testFailed = () => (globalThis as { __testFailed?: boolean }).__testFailed === true;

/**
 * What a failed test's pages showed and the servers logged, printed (a CI log is all that is left of a run on a
 * busy machine) with a screenshot of each page in tmp/e2e-failures/ for a local run.
 */
export async function reportFailure(pages: Page[], serverLogs: string): Promise<void> {
  const test = expect.getState().currentTestName ?? 'test';
  const folder = path.join(ROOT, 'tmp', 'e2e-failures');
  fs.mkdirSync(folder, { recursive: true });
  const lines = [`--- what the pages showed when "${test}" failed`];
  for (const [index, page] of pages.entries()) {
    const file = path.join(folder, `${test.replace(/\W+/g, '-').slice(0, 80)}-${index + 1}.png`);
    const shown = await page
      .evaluate(() => document.body?.innerText ?? '')
      .catch((error: unknown) => `(unreadable: ${String(error)})`);
    await page.screenshot({ path: file }).catch(() => undefined);
    lines.push(`page ${index + 1}: ${page.url()} (screenshot ${path.relative(ROOT, file)})`, shown.slice(0, 1500));
  }
  lines.push('--- the server and sandbox logs, last 60 lines', ...serverLogs.trim().split('\n').slice(-60));
  console.log(lines.join('\n'));
}
