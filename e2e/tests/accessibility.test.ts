import fs from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { DEMO_LOGINS } from '../../server/src/seed/demo-logins';
import { bubble, inboxSuite, openChat, row } from '../support/inbox-suite';
import { navigateInApp } from '../support/navigate';

// Issue 22, accessibility: every route passes axe-core (WCAG 2 A/AA rules) with no serious or critical violation,
// for the owner and the agent, on a desktop and a 390 px phone, and in dark mode on a desktop (the colour scheme the
// system asks for, which the theme follows); the dashboard with a conversation open as well.
// Each violation is listed with axe's own explanation (for contrast: the two colours and the ratio).
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const ROUTES: Array<{
  path: string;
  access: 'public' | 'user' | 'owner';
}> = require('../../shell/src/routes/page-routes.json');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; any: Array<{ message: string }> }>;
}

/** The serious and critical violations axe finds on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  // Through the DevTools protocol, which the app's Content-Security-Policy (rightly) does not let a script tag do.
  // Once per document: a move inside the app keeps the page's window, and with it axe (its 550 KB compiled again
  // for every route was Chromium's work for nothing).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return (found as Violation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} [${node.any[0]?.message ?? ''}]`)
          .join(', ')}`,
    );
}

/**
 * Follows the page's requests; the function it returns waits until the route's page has rendered (the remote
 * loaded, no skeleton left) and no request but socket.io's has been in flight for 500 ms. Playwright's
 * `networkidle` counts socket.io's too, and when its WebSocket is slow to open on a busy machine the client falls
 * back to long-polling, whose request is always in flight (a run on a loaded machine timed out waiting on
 * /credential; if something else keeps loading, the error now names it).
 */
function settling(page: Page) {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  page.on('request', (request) => {
    if (/\/socket\.io\//.test(request.url())) return;
    inFlight.add(request);
    changed = Date.now();
  });
  const done = (request: Request) => {
    if (inFlight.delete(request)) changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const quiet = async (until: number) => {
    while (inFlight.size || Date.now() - changed < 500) {
      if (Date.now() > until) throw new Error(`still loading: ${[...inFlight].map((r) => r.url()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  // Quiet, shown, nothing loading, quiet, and still nothing loading: after a move inside the app the previous page is
  // still there until the new one starts loading, and a page that has just shown may start its own requests a while
  // later (the reports page's button was once checked in its loading state: its request began after 500 ms of quiet).
  const LOADING = '[data-testid="remote-loading"], .ant-skeleton, .ant-btn-loading';
  const stillLoading = () => page.evaluate((selector) => document.querySelector(selector) !== null, LOADING);
  return async function settled() {
    const until = Date.now() + 60_000;
    await quiet(until);
    await page.locator('main, .remote-outlet, form').first().waitFor();
    do {
      await page.waitForFunction((selector) => document.querySelector(selector) === null, LOADING);
      await quiet(until);
    } while (await stillLoading());
  };
}

describe('accessibility (axe-core)', () => {
  const suite = inboxSuite();
  const found: Record<string, string[]> = {};

  afterAll(() => {
    // The whole list at once, for the note and for whoever fixes the next one.
    console.log(JSON.stringify(found, null, 2));
  });

  /**
   * Axe on each route in turn, recorded under `route · label`: one page load, then the app's own navigation (what
   * axe reads is the page shown, however it was reached). Returns the page's `settled`.
   */
  async function checkEach(page: Page, routes: typeof ROUTES, label: string) {
    const settled = settling(page);
    for (const [index, route] of routes.entries()) {
      if (index === 0) await page.goto(`${suite.stack.baseUrl}${route.path}`);
      else await navigateInApp(page, route.path);
      await settled();
      expect(new URL(page.url()).pathname).toBe(route.path);
      found[`${route.path} · ${label}`] = await violations(page);
    }
    return settled;
  }

  const LOOKS = [
    { viewport: DESKTOP, colorScheme: 'light' },
    { viewport: PHONE, colorScheme: 'light' },
    { viewport: DESKTOP, colorScheme: 'dark' },
  ] as const;
  for (const { viewport, colorScheme } of LOOKS) {
    const size = `${viewport.width} px${colorScheme === 'dark' ? ' dark' : ''}`;

    it(`finds nothing serious on the public pages at ${size}`, async () => {
      const page = await suite.page(viewport, colorScheme);
      await checkEach(
        page,
        ROUTES.filter((r) => r.access === 'public'),
        `visitor · ${size}`,
      );
      expect(Object.entries(found).filter(([key, list]) => key.endsWith(`visitor · ${size}`) && list.length)).toEqual(
        [],
      );
    });

    for (const who of ['owner', 'agent'] as const) {
      it(`finds nothing serious on the ${who}'s pages at ${size}, with a conversation open`, async () => {
        const page = await suite.signedIn(DEMO_LOGINS[who], { viewport, colorScheme, path: '/healthz' });
        const settled = await checkEach(
          page,
          ROUTES.filter((r) => r.access === 'user' || (who === 'owner' && r.access === 'owner')),
          `${who} · ${size}`,
        );
        await navigateInApp(page, '/main');
        await row(page, 'Maria Silva').waitFor();
        await openChat(page, 'Maria Silva');
        // The chat, not its spinner: the header shows before the messages have come.
        await bubble(page, 'I can pick them up tomorrow.').waitFor();
        await settled();
        found[`/main (chat open) · ${who} · ${size}`] = await violations(page);
        // This look's pages only: another look's failure is that test's own.
        expect(Object.entries(found).filter(([key, list]) => key.endsWith(`${who} · ${size}`) && list.length)).toEqual(
          [],
        );
      });
    }
  }
});
