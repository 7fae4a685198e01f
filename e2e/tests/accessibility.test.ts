import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO_LOGINS } from '../../server/src/seed/demo-logins';
import { bubble, inboxSuite, openChat, row } from '../support/inbox-suite';

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
  await page.evaluate(AXE_SOURCE);
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

/** Waits until the route's page has rendered (the remote loaded, no skeleton left). */
async function settled(page: Page) {
  await page.locator('main, .remote-outlet, form').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="remote-loading"], .ant-skeleton'));
  await page.waitForLoadState('networkidle');
}

describe('accessibility (axe-core)', () => {
  const suite = inboxSuite();
  const found: Record<string, string[]> = {};

  afterAll(() => {
    // The whole list at once, for the note and for whoever fixes the next one.
    console.log(JSON.stringify(found, null, 2));
  });

  const LOOKS = [
    { viewport: DESKTOP, colorScheme: 'light' },
    { viewport: PHONE, colorScheme: 'light' },
    { viewport: DESKTOP, colorScheme: 'dark' },
  ] as const;
  for (const { viewport, colorScheme } of LOOKS) {
    const size = `${viewport.width} px${colorScheme === 'dark' ? ' dark' : ''}`;

    it(`finds nothing serious on the public pages at ${size}`, async () => {
      const page = await suite.page(viewport);
      await page.emulateMedia({ colorScheme });
      for (const route of ROUTES.filter((r) => r.access === 'public')) {
        await page.goto(`${suite.stack.baseUrl}${route.path}`);
        await settled(page);
        found[`${route.path} · visitor · ${size}`] = await violations(page);
      }
      expect(Object.entries(found).filter(([key, list]) => key.endsWith(`visitor · ${size}`) && list.length)).toEqual(
        [],
      );
    });

    for (const who of ['owner', 'agent'] as const) {
      it(`finds nothing serious on the ${who}'s pages at ${size}, with a conversation open`, async () => {
        const page = await suite.signedIn(DEMO_LOGINS[who], { viewport, path: '/healthz' });
        await page.emulateMedia({ colorScheme });
        const allowed = ROUTES.filter((r) => r.access === 'user' || (who === 'owner' && r.access === 'owner'));
        for (const route of allowed) {
          await page.goto(`${suite.stack.baseUrl}${route.path}`);
          await settled(page);
          found[`${route.path} · ${who} · ${size}`] = await violations(page);
        }
        await page.goto(`${suite.stack.baseUrl}/main`);
        await row(page, 'Maria Silva').waitFor();
        await openChat(page, 'Maria Silva');
        // The chat, not its spinner: the header shows before the messages have come.
        await bubble(page, 'I can pick them up tomorrow.').waitFor();
        await settled(page);
        found[`/main (chat open) · ${who} · ${size}`] = await violations(page);
        // This look's pages only: another look's failure is that test's own.
        expect(Object.entries(found).filter(([key, list]) => key.endsWith(`${who} · ${size}`) && list.length)).toEqual(
          [],
        );
      });
    }
  }
});
