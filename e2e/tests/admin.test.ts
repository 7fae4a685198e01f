import type { Locator, Page } from 'playwright-core';
import { inboxSuite } from '../support/inbox-suite';
import { jsonCall } from '../support/json-call';

// Staff and the WhatsApp connection in the browser (docs/product-rules.md#admin): an owner runs their staff and connects WhatsApp both ways; an agent reaches none of it.
const OWNER = { email: 'owner@parley.test', password: 'parley-owner' };
const AGENT = { email: 'agent@parley.test', password: 'parley-agent' };
// The sandbox's seeded WABA (sandbox/src/seed.ts).
const SANDBOX_WABA = { wabaId: '100000000000001', phoneNumberId: '100000000000002', token: 'sandbox-token-demo' };
const FB_CONFIG_ID = 'e2e-signup-config';

interface SandboxBusiness {
  wabaId: string;
  name: string;
  subscribedApps: string[];
  phoneNumbers: Array<{ id: string; registered: boolean }>;
}

describe('admin: staff users and WhatsApp credentials', () => {
  const suite = inboxSuite({ env: { FB_CONFIG_ID } });
  let ownerToken: string;

  const api = (method: string, path: string, body?: unknown, token = ownerToken) =>
    jsonCall(`${suite.stack.baseUrl}${path}`, method, body, token);

  const pageAs = (who: { email: string; password: string }, path: string) => suite.signedIn(who, { path });
  /**
   * How many of the side menu's items are called `name`, counted once the menu is drawn (before, 0 would prove
   * nothing). Items, not any text: a page may show the same word elsewhere (the Reports test's customer is Rita
   * Reports). Not exact: Playwright's name for an item starts with its icon's label ("bar-chart Reports").
   */
  const sideMenuItems = async (page: Page, name: string) => {
    await page.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
    return page.getByRole('menuitem', { name }).count();
  };

  /** Opens one of the pager's antd selects and returns its own dropdown's options (not another closing one). */
  async function openSelect(page: Page, selector: 'Limit' | 'Page'): Promise<Locator> {
    const combobox = page.getByRole('combobox', { name: selector });
    await combobox.click();
    const listId = await combobox.getAttribute('aria-controls');
    return page.locator(`.ant-select-dropdown:has([id="${listId}"]) .ant-select-item-option`);
  }

  /** Picks an option and waits until the select shows it. */
  async function choose(page: Page, selector: 'Limit' | 'Page', option: string) {
    await (await openSelect(page, selector)).and(page.locator(`[title="${option}"]`)).click();
    const select = page.locator('.ant-select', { has: page.getByRole('combobox', { name: selector }) });
    await select.getByText(option, { exact: true }).first().waitFor();
  }

  /** The owner's User List, once its first page has arrived. */
  async function usersPage(): Promise<Page> {
    const page = await pageAs(OWNER, '/users');
    await rowOf(page, OWNER.email).waitFor();
    return page;
  }

  const rowOf = (page: Page, text: string): Locator => page.locator('tbody tr', { hasText: text });
  const toast = (page: Page, text: string) =>
    page.locator('.ant-notification-notice', { hasText: text }).first().waitFor();
  const sandboxBusinesses = async (): Promise<SandboxBusiness[]> =>
    ((await (await fetch(`${suite.stack.sandboxUrl}/_sandbox/state`)).json()) as { businesses: SandboxBusiness[] })
      .businesses;

  beforeAll(async () => {
    ownerToken = await suite.apiToken(OWNER);
  });

  describe('User List', () => {
    const newUser = {
      fullName: 'Nora Newcomer',
      title: 'Night shift',
      email: 'nora@parley.test',
      password: 'nora-password',
    };

    it('pages the staff: 5 per page by default, and a new limit goes back to page 1', async () => {
      for (let index = 1; index <= 5; index += 1) {
        await api('POST', '/api/account/users', {
          fullName: `Pager Person ${index}`,
          title: 'Desk',
          email: `pager${index}@parley.test`,
          password: 'pager-password',
        });
      }
      // 2 demo users + 5 = 7 users: two pages of 5.
      const page = await usersPage();
      await page.getByRole('heading', { name: 'User List' }).waitFor();
      expect(await page.locator('tbody tr.ant-table-row').count()).toBe(5);

      await choose(page, 'Page', '2');
      await rowOf(page, 'pager5@parley.test').waitFor();
      expect(await page.locator('tbody tr.ant-table-row').count()).toBe(2);

      const limits = await openSelect(page, 'Limit');
      await limits.first().waitFor();
      expect(await limits.allInnerTexts()).toEqual(['5', '10', '15', '20', '30', '40', '50']);
      await limits.and(page.locator('[title="10"]')).click();
      await rowOf(page, 'owner@parley.test').waitFor();
      expect(await page.locator('tbody tr.ant-table-row').count()).toBe(7);
      // Seven rows under a limit of 10 can only be page 1.
    });

    it('adds a user through the form, who can then sign in', async () => {
      const page = await usersPage();
      await page.getByText('Add New User').waitFor();
      await page.getByRole('button', { name: 'Add User' }).click();
      await page.getByText('Full Name is required').waitFor();
      await page.getByLabel('Full Name').fill(newUser.fullName);
      await page.getByLabel('Title').fill(newUser.title);
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Password').fill(newUser.password);
      await page.getByRole('button', { name: 'Add User' }).click();
      await page.getByText('Enter a valid email address').waitFor();
      await page.getByLabel('Email').fill(newUser.email);
      // As a person would, click once the error is gone: its line leaving moves the button up, and a click sent
      // while it moves lands beside it (seen once under load: no request, no toast).
      await page.getByText('Enter a valid email address').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Add User' }).click();
      await toast(page, 'User added');

      await choose(page, 'Limit', '50');
      const row = rowOf(page, newUser.email);
      await row.waitFor();
      for (const text of [newUser.fullName, newUser.title, 'agent', 'active'])
        await row.getByText(text, { exact: true }).waitFor();

      // The same email again is refused with the server's reason.
      await page.getByLabel('Full Name').fill('Someone Else');
      await page.getByLabel('Title').fill('Copy');
      await page.getByLabel('Email').fill(newUser.email);
      await page.getByLabel('Password').fill('whatever');
      await page.getByRole('button', { name: 'Add User' }).click();
      await toast(page, 'Failed to add user: This email is already in use');
    });

    it('edits a user inline', async () => {
      const page = await usersPage();
      await choose(page, 'Limit', '50');
      const row = rowOf(page, newUser.email);
      await row.getByRole('button', { name: 'Edit' }).click();
      await row.getByRole('textbox', { name: 'Full Name' }).fill('Nora Renamed');
      await row.getByRole('textbox', { name: 'Title' }).fill('');
      await row.getByRole('button', { name: 'Save Changes' }).click();
      await row.getByText('Title is required').waitFor();
      await row.getByRole('textbox', { name: 'Title' }).fill('Day shift');
      await row.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'User updated');
      await row.getByText('Nora Renamed', { exact: true }).waitFor();
      await row.getByText('Day shift', { exact: true }).waitFor();
      newUser.fullName = 'Nora Renamed';
    });

    it('suspends a user, whose open session is thrown out at once, and unsuspends them', async () => {
      const userPage = await pageAs(newUser, '/main');
      await userPage.waitForURL(/\/main$/);

      const page = await usersPage();
      await choose(page, 'Limit', '50');
      const row = rowOf(page, newUser.email);
      // Their socket is up: the owner sees them online.
      await row.getByRole('img', { name: 'Online' }).waitFor();

      await row.getByRole('button', { name: 'Suspend', exact: true }).click();
      await toast(page, 'User suspend');
      await row.getByText('hold', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Unsuspend' }).waitFor();
      expect(await row.getByRole('button', { name: 'Suspend', exact: true }).count()).toBe(0);

      await userPage.waitForURL(/\/login$/);
      await userPage.getByRole('heading', { name: 'Login' }).waitFor();
      await row.getByRole('img', { name: 'Offline' }).waitFor();
      const refused = await fetch(`${suite.stack.baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: newUser.email, password: newUser.password }),
      });
      expect(refused.status).toBe(403);

      await row.getByRole('button', { name: 'Unsuspend' }).click();
      await toast(page, 'User activated');
      await row.getByText('active', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Suspend', exact: true }).waitFor();
      const again = await pageAs(newUser, '/main');
      await again.waitForURL(/\/main$/);
    });

    it('deletes a user', async () => {
      const page = await usersPage();
      await choose(page, 'Limit', '50');
      const row = rowOf(page, newUser.email);
      await row.getByRole('button', { name: 'Delete' }).click();
      await page
        .locator('.ant-popover', { hasText: `Delete ${newUser.fullName}?` })
        .getByRole('button', { name: 'Delete' })
        .click();
      await toast(page, 'User removed');
      await row.waitFor({ state: 'detached' });
      const list = await api('GET', '/api/account/users?limit=50');
      expect(list.list.some((user: { email: string }) => user.email === newUser.email)).toBe(false);
    });

    it('does not let the owner suspend or delete themself', async () => {
      const page = await usersPage();
      const row = rowOf(page, OWNER.email);
      await row.waitFor();
      expect(await row.getByRole('button', { name: 'Suspend', exact: true }).isDisabled()).toBe(true);
      expect(await row.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    });

    it('keeps agents out of the user list', async () => {
      const page = await pageAs(AGENT, '/users');
      await page.waitForURL(/\/main$/);
      expect(await sideMenuItems(page, 'User List')).toBe(0);
    });
  });

  describe('Reports', () => {
    /** Polls a read until it answers something (the webhook and the send settle on their own time). */
    async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const value = await read();
        if (value !== undefined) return value;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    const statistic = (page: Page, id: string) => page.getByTestId(`report-${id}`).locator('.ant-statistic-content');

    it('shows the owner the totals of a conversation the test created, in charts with their tables', async () => {
      const page = await pageAs(OWNER, '/reports');
      await statistic(page, 'incoming').waitFor();
      const from = await page.locator('#report-from').inputValue();
      const to = await page.locator('#report-to').inputValue();
      const timeZone = ((await page.getByText(/^Time zone: /).textContent()) ?? '').replace('Time zone: ', '');
      const report = () => api('GET', `/api/reports?from=${from}&to=${to}&timeZone=${encodeURIComponent(timeZone)}`);
      const before = await report();

      // A new customer writes (through the sandbox's webhook) and the owner answers from Parley.
      const digits = `1558${String(Date.now() % 10_000_000).padStart(7, '0')}`;
      await jsonCall(`${suite.stack.sandboxUrl}/_sandbox/inbound`, 'POST', {
        from: `+${digits}`,
        name: 'Rita Reports',
        type: 'text',
        text: 'How fast do you answer?',
      });
      const conversation = await eventually(async () => {
        const found = await api('GET', `/api/conversations?q=${digits}`);
        return found.list[0] as { id: string } | undefined;
      }, 'the customer’s conversation');
      await api('POST', `/api/conversations/${conversation.id}`, { text: 'Within minutes!' });
      const after = await eventually(async () => {
        const now = await report();
        return now.totals.outgoing === before.totals.outgoing + 1 ? now : undefined;
      }, 'the reply in the report');
      expect(after.totals).toEqual({
        ...before.totals,
        conversationsStarted: before.totals.conversationsStarted + 1,
        incoming: before.totals.incoming + 1,
        outgoing: before.totals.outgoing + 1,
      });
      const profile = await api('GET', '/api/user/profile');

      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await statistic(page, 'outgoing').getByText(String(after.totals.outgoing), { exact: true }).waitFor();
      expect(await statistic(page, 'incoming').textContent()).toBe(String(after.totals.incoming));
      expect(await statistic(page, 'conversations-started').textContent()).toBe(
        String(after.totals.conversationsStarted),
      );

      // Three charts drawn (the library loaded on this page), each with its numbers as a table.
      await page.locator('.recharts-surface').nth(2).waitFor();
      const volumeTable = page.getByRole('table', { name: 'Messages per day' });
      await expect(volumeTable.getByRole('row', { name: /^Total/ }).textContent()).resolves.toBe(
        `Total${after.totals.incoming}${after.totals.outgoing}${after.totals.conversationsStarted}`,
      );
      const staffTable = page.getByRole('table', { name: 'First responses per staff member' });
      await staffTable.getByRole('row', { name: new RegExp(`^${profile.fullName}`) }).waitFor({ state: 'attached' });

      // An agent has no Reports page.
      const agentPage = await pageAs(AGENT, '/reports');
      await agentPage.waitForURL(/\/main$/);
      expect(await sideMenuItems(agentPage, 'Reports')).toBe(0);
    });
  });

  describe('Set Credentials', () => {
    it('checks the form, reports a refusal and connects with the sandbox’s identifiers', async () => {
      const page = await pageAs(OWNER, '/credential');
      await page.getByRole('heading', { name: 'Set Credentials' }).waitFor();
      await page.getByLabel('WABA ID').fill(SANDBOX_WABA.wabaId);
      await page.getByLabel('Phone Number ID').fill(SANDBOX_WABA.phoneNumberId);
      await page.getByRole('button', { name: 'Save Credentials' }).click();
      await toast(page, 'Please enter both WABA ID and Phone Number ID.');

      await page.getByLabel('Token').fill('EAAG-not-a-sandbox-token');
      await page.getByRole('button', { name: 'Save Credentials' }).click();
      await toast(page, 'Failed to set credentials.');
      expect(page.url()).toMatch(/\/credential$/);

      await page.getByLabel('Token').fill(SANDBOX_WABA.token);
      await page.getByRole('button', { name: 'Save Credentials' }).click();
      await toast(page, 'Credentials set successfully!');
      await page.waitForURL(/\/main$/);
    });

    it('connects through the embedded sign-up (the sandbox’s fake Facebook SDK), end to end', async () => {
      const page = await pageAs(OWNER, '/credential');
      const login = page.getByRole('button', { name: 'Login with Facebook' });
      // Enabled once the SDK has loaded from the configured URL.
      const enabledLogin = page.locator('button:not([disabled])', { hasText: 'Login with Facebook' });
      await enabledLogin.waitFor();

      // Cancel first: nothing happens, the button is there to try again.
      await login.click();
      const dialog = page.getByRole('dialog', { name: 'WhatsApp Embedded Signup' });
      await dialog.getByText(FB_CONFIG_ID, { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await enabledLogin.waitFor();
      expect(page.url()).toMatch(/\/credential$/);

      await login.click();
      await dialog.getByLabel('Business name').fill('E2E Signup Business');
      await dialog.getByRole('button', { name: 'Finish' }).click();
      await page.waitForURL(/\/main$/);

      const business = (await sandboxBusinesses()).find((candidate) => candidate.name === 'E2E Signup Business');
      expect(business?.subscribedApps).toEqual([suite.stack.env.FB_APP_ID]);
      expect(business?.phoneNumbers).toEqual([expect.objectContaining({ registered: true })]);
    });
  });
});
