import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_LOGINS } from '../../server/src/seed/demo-logins';
import { inboxSuite } from '../support/inbox-suite';
import { signInAs } from '../support/session';

// Issue 21, items 7 and 8: dark mode (system setting, the side menu's switch, remembered per browser) and the
// dashboard's keyboard shortcuts. Screenshots for a person to look at (outside the repository).
const SCREENSHOTS = path.join(os.tmpdir(), 'parley-screenshots', 'dark-mode');

/** Relative luminance-ish brightness (0 black … 255 white) of a computed `rgb(…)`/`rgba(…)` colour. */
function brightness(colour: string): number {
  const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

describe('dark mode and keyboard', () => {
  const suite = inboxSuite();
  beforeAll(() => fs.mkdirSync(SCREENSHOTS, { recursive: true }));

  /** A browser of its own (cookies, localStorage, system colour scheme); page errors fail the test. */
  const openBrowser = async (colorScheme: 'light' | 'dark') => ({ page: await suite.page(undefined, colorScheme) });

  async function signedIn(who: 'owner' | 'agent', colorScheme: 'light' | 'dark') {
    const opened = await openBrowser(colorScheme);
    const login = DEMO_LOGINS[who];
    await signInAs(opened.page, suite.stack.baseUrl, login.email, login.password);
    return opened;
  }

  const background = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);

  const dashboardReady = async (page: Page) => {
    await page.goto(`${suite.stack.baseUrl}/main`);
    await page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first().waitFor();
  };

  it('follows the system colour scheme, remembers the side menu’s choice per browser, and leaves others alone', async () => {
    // The login page in a browser set to dark.
    const visitor = await openBrowser('dark');
    await visitor.page.goto(`${suite.stack.baseUrl}/login`);
    await visitor.page.getByRole('button', { name: 'Login' }).waitFor();
    expect(brightness(await visitor.page.evaluate(() => getComputedStyle(document.body).backgroundColor))).toBeLessThan(
      60,
    );
    await visitor.page.screenshot({ path: path.join(SCREENSHOTS, 'login-dark.png') });

    const owner = await signedIn('owner', 'dark');
    const agent = await signedIn('agent', 'dark');
    await dashboardReady(owner.page);
    await dashboardReady(agent.page);
    await owner.page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first().click();
    await owner.page.locator('.inbox-bubble').first().waitFor();
    // The shell's frame and the dashboard (a parcel: its own React root) are both dark.
    expect(brightness(await background(owner.page, '.ant-layout-sider'))).toBeLessThan(60);
    expect(brightness(await background(owner.page, '.inbox-list-pane'))).toBeLessThan(60);
    expect(brightness(await background(owner.page, '.inbox-chat-pane'))).toBeLessThan(60);
    await owner.page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-dark.png') });

    // Light from the side menu: every mounted page repaints at once, and a reload keeps the choice.
    await owner.page.locator('.parley-theme-switch .ant-segmented-item', { hasText: 'Light' }).click();
    await owner.page.waitForFunction(
      () => getComputedStyle(document.querySelector('.inbox-list-pane')!).backgroundColor === 'rgb(255, 255, 255)',
    );
    expect(brightness(await background(owner.page, '.ant-layout-sider'))).toBeGreaterThan(200);
    await owner.page.reload();
    await owner.page.locator('.inbox-list-pane').waitFor();
    expect(await background(owner.page, '.inbox-list-pane')).toBe('rgb(255, 255, 255)');
    expect(await owner.page.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    await owner.page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-light.png') });

    // Another staff member's browser still follows its own system setting.
    await agent.page.reload();
    await agent.page.locator('.inbox-list-pane').waitFor();
    expect(brightness(await background(agent.page, '.inbox-list-pane'))).toBeLessThan(60);
    expect(await agent.page.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
  });

  it('moves through the conversations with j and k, searches with /, lists the keys with ? and closes with e', async () => {
    const { page } = await signedIn('agent', 'light');
    await dashboardReady(page);
    const list = page.getByRole('list', { name: 'Conversations' });
    const rows = await list
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const openConversation = () => new URL(page.url()).searchParams.get('conversation');
    const chatTitle = page.locator('.inbox-chat-header').getByRole('heading');

    await page.keyboard.press('j');
    await chatTitle.filter({ hasText: rows[0]! }).waitFor();
    const first = openConversation();
    expect(first).toBeTruthy();
    await page.keyboard.press('j');
    await chatTitle.filter({ hasText: rows[1]! }).waitFor();
    const second = openConversation();
    expect(second).not.toBe(first);
    await page.keyboard.press('k');
    await chatTitle.filter({ hasText: rows[0]! }).waitFor();
    expect(openConversation()).toBe(first);

    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search conversations' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Search conversations');
    // In the search box, j is typed, not a shortcut.
    await page.keyboard.press('j');
    expect(await search.inputValue()).toBe('j');
    expect(openConversation()).toBe(first);
    await search.fill('');
    await search.blur();

    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Close the conversation').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'shortcuts-light.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.keyboard.press('e');
    // Closed: it leaves the Active list, and its header says so.
    await page.locator('.inbox-chat-header').getByText('Closed', { exact: true }).waitFor();
    await list.getByRole('listitem', { name: rows[0]!, exact: true }).waitFor({ state: 'detached' });
  });
});
