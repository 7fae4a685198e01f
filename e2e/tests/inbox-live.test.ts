import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO_LOGINS } from '../../server/src/seed/demo-logins';
import { leaveBrowser, sharedBrowser, PagePool } from '../support/browser';
import { reportFailure, testFailed } from '../support/failure-report';
import { jsonCall } from '../support/json-call';
import { cuttableRealtime } from '../support/realtime-cut';
import { signInAs } from '../support/session';
import { startStack, type Stack } from '../support/stack';

// Issue 16, the shell's part: what every staff member sees of the live inbox around the pages (tab title with
// the server's unread total, the reconnecting bar), the favicon, titles per page, the 404 way back and the side
// menu on narrow screens.
// Screenshots of the narrow layouts, for a person to look at (outside the repository).
const SCREENSHOTS = path.join(os.tmpdir(), 'parley-screenshots');
// The dashboard's, looked at for issue 16's note.
const DASHBOARD_SHOTS = path.join(os.tmpdir(), 'shots');

describe('inbox live (shell)', () => {
  let stack: Stack;
  let browser: Browser;
  let pool: PagePool;

  beforeAll(async () => {
    stack = await startStack({ seedDemo: true });
    browser = await sharedBrowser();
    pool = new PagePool(browser, () => `${stack.baseUrl}/healthz`);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    fs.mkdirSync(DASHBOARD_SHOTS, { recursive: true });
  });
  afterEach(async () => {
    // What the pages showed and the servers logged, for a failure on a busy CI machine.
    if (testFailed()) await reportFailure(pool.pages(), stack.logs());
    await pool.release(!testFailed());
  });
  afterAll(async () => {
    await pool?.close();
    await leaveBrowser();
    await stack?.stop();
  });

  async function signedIn(who: 'owner' | 'agent', viewport?: { width: number; height: number }): Promise<Page> {
    const { page } = await pool.take({ viewport });
    const login = DEMO_LOGINS[who];
    await signInAs(page, stack.baseUrl, login.email, login.password);
    return page;
  }

  /** The server's unread total of the page's staff member, asked with the page's own sign-in. */
  const serverUnread = (page: Page) =>
    page.evaluate(async () => {
      const token = document.cookie
        .split('; ')
        .find((cookie) => cookie.startsWith('token='))
        ?.slice(6);
      const answer = await fetch('/api/conversations/summary', { headers: { authorization: `Bearer ${token}` } });
      return ((await answer.json()) as { unreadTotal: number }).unreadTotal;
    });

  it('shows each staff member their own unread total in the tab title, live', async () => {
    const owner = await signedIn('owner');
    const agent = await signedIn('agent');
    await owner.goto(`${stack.baseUrl}/contacts`);
    await agent.goto(`${stack.baseUrl}/contacts`);
    await owner.waitForFunction(() => /Contacts · Parley$/.test(document.title));
    await agent.waitForFunction(() => /Contacts · Parley$/.test(document.title));
    // Not read from the title: it has no count until the shell's first summary answer.
    const agentBefore = await serverUnread(agent);

    const phone = `+1555${String(Date.now() % 1000000).padStart(6, '0')}`;
    await jsonCall(`${stack.sandboxUrl}/_sandbox/inbound`, 'POST', {
      from: phone,
      name: 'Title Customer',
      type: 'text',
      text: 'Hello there',
    });
    await agent.waitForFunction((expected) => document.title === `(${expected}) Contacts · Parley`, agentBefore + 1, {
      timeout: 20_000,
    });
    await owner.waitForFunction(() => /^\(\d+\) Contacts · Parley$/.test(document.title), undefined, {
      timeout: 20_000,
    });
  });

  it('serves the favicon and gives each page its title', async () => {
    const icon = await fetch(`${stack.baseUrl}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect((await icon.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const { page } = await pool.take();
    await page.goto(`${stack.baseUrl}/login`);
    await page.waitForFunction(() => document.title === 'Login · Parley');
    await page.goto(`${stack.baseUrl}/terms-of-service`);
    await page.waitForFunction(() => document.title === 'Terms of Service · Parley');
  });

  it('offers a way back from the 404 page', async () => {
    const page = await signedIn('agent');
    await page.goto(`${stack.baseUrl}/no-such-page`);
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByRole('button', { name: 'Back to Parley' }).click();
    await page.waitForURL(/\/main$/);
  });

  it('shows “Reconnecting…” while the socket is down, and hides it when it is back', async () => {
    const page = await signedIn('agent');
    const network = await cuttableRealtime(page);
    await page.goto(`${stack.baseUrl}/contacts`);
    await page.getByRole('heading', { name: 'Contacts' }).first().waitFor();
    await network.connected();
    await network.cut();
    await page.getByText('Reconnecting…').waitFor({ timeout: 60_000 });
    network.restore();
    await page.getByText('Reconnecting…').waitFor({ state: 'detached', timeout: 60_000 });
  });

  it('remembers a collapsed side menu across reloads', async () => {
    const page = await signedIn('owner', { width: 1280, height: 800 });
    await page.goto(`${stack.baseUrl}/contacts`);
    await page.locator('.parley-brand', { hasText: 'Parley' }).waitFor();
    await page.locator('.ant-layout-sider-trigger').click();
    await page.locator('.parley-brand', { hasText: /^P$/ }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Contacts' }).first().waitFor();
    expect(await page.locator('.parley-brand').innerText()).toBe('P');
  });

  it('opens the side menu as an overlay drawer on a 390 px phone, and as a rail at 700 px', async () => {
    const phone = await signedIn('owner', { width: 390, height: 844 });
    await phone.goto(`${stack.baseUrl}/users`);
    await phone.getByRole('heading', { name: 'User List' }).first().waitFor();
    // No rail: the page has the screen's width.
    expect(await phone.locator('.ant-layout-sider').count()).toBe(0);
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'inbox-live-390-users.png') });
    await phone.getByRole('button', { name: 'Menu' }).click();
    const drawer = phone.locator('.ant-drawer-body');
    await drawer.getByText('Credential Setup').waitFor();
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'inbox-live-390-drawer.png') });
    await drawer.getByText('Contact List').click();
    await phone.waitForURL(/\/contacts$/);
    await drawer.waitFor({ state: 'hidden' });
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'inbox-live-390-contacts.png') });

    const tablet = await signedIn('owner', { width: 700, height: 900 });
    await tablet.goto(`${stack.baseUrl}/users`);
    await tablet.getByRole('heading', { name: 'User List' }).first().waitFor();
    await tablet.locator('.ant-layout-sider-collapsed').waitFor();
    await tablet.screenshot({ path: path.join(SCREENSHOTS, 'inbox-live-700-users.png') });
  });
  // The inbox's part: the conversation list of every staff member follows every change, and the address keeps
  // the place (conversation, tab, filters).
  let customerNumber = 0;
  /** A customer new to this run writes: their conversation is listed in Active under their profile name. */
  async function newCustomerWrites(name: string, text = 'Hello there'): Promise<{ name: string; phone: string }> {
    customerNumber += 1;
    const customer = {
      name: `${name} ${customerNumber}`,
      phone: `+1555${String(Date.now() % 100000).padStart(5, '0')}${String(customerNumber).padStart(2, '0')}`,
    };
    await customerWrites(customer, text);
    return customer;
  }
  async function customerWrites(customer: { name: string; phone: string }, text: string): Promise<void> {
    await jsonCall(`${stack.sandboxUrl}/_sandbox/inbound`, 'POST', {
      from: customer.phone,
      name: customer.name,
      type: 'text',
      text,
    });
  }

  const list = (page: Page) => page.getByRole('list', { name: 'Conversations' });
  const row = (page: Page, name: string): Locator => list(page).getByRole('listitem', { name, exact: true });
  const tab = (page: Page, name: 'Active' | 'Closed' | 'Archived') => page.getByRole('tab', { name, exact: true });
  const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]').innerText();
  const chatTitle = (page: Page) => page.locator('.inbox-chat-header').getByRole('heading');
  const headerButton = (page: Page, name: string) =>
    page.locator('.inbox-chat-header').getByRole('button', { name, exact: true });

  async function onDashboard(who: 'owner' | 'agent', viewport?: { width: number; height: number }): Promise<Page> {
    const page = await signedIn(who, viewport);
    await page.goto(`${stack.baseUrl}/main`);
    await page.getByRole('heading', { name: 'Conversations' }).waitFor();
    return page;
  }

  /** Counts the list requests a page makes, to tell a live move from a reload. */
  function listRequests(page: Page): () => number {
    let count = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/conversations') count += 1;
    });
    return () => count;
  }

  async function openChat(page: Page, name: string): Promise<void> {
    await row(page, name).getByRole('button', { name: 'Chat' }).click();
    await chatTitle(page).filter({ hasText: name }).waitFor();
  }

  it('moves a row between tabs for the other staff member at once when one closes, archives or reopens it', async () => {
    const owner = await onDashboard('owner');
    const agent = await onDashboard('agent');
    const ownerLoads = listRequests(owner);
    const customer = await newCustomerWrites('Mover');
    await row(owner, customer.name).waitFor({ timeout: 20_000 });
    await row(agent, customer.name).waitFor({ timeout: 20_000 });
    const closedBefore = Number(await tab(owner, 'Closed').locator('.inbox-tab-count:not([data-pending])').innerText());

    // The agent closes it: it leaves the owner's Active tab without a reload, and the Closed count goes up; the
    // owner's open chat says Closed at once, with Close disabled.
    await openChat(owner, customer.name);
    const loadsBefore = ownerLoads();
    await openChat(agent, customer.name);
    await headerButton(agent, 'Close').click();
    await owner.locator('.inbox-chat-header').getByText('Closed', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await headerButton(owner, 'Close').isDisabled()).toBe(true);
    await row(owner, customer.name).waitFor({ state: 'detached', timeout: 20_000 });
    await tab(owner, 'Closed')
      .locator('.inbox-tab-count', { hasText: String(closedBefore + 1) })
      .waitFor();
    expect(ownerLoads()).toBe(loadsBefore);
    await tab(owner, 'Closed').click();
    await row(owner, customer.name).waitFor();

    // The agent archives it from Closed: it leaves the owner's Closed tab at once, and is in Archived only.
    await tab(agent, 'Closed').click();
    await row(agent, customer.name).waitFor();
    await headerButton(agent, 'Archive').click();
    await headerButton(owner, 'Reopen').waitFor({ timeout: 20_000 });
    await row(owner, customer.name).waitFor({ state: 'detached', timeout: 20_000 });
    await tab(owner, 'Archived').click();
    await row(owner, customer.name).waitFor();

    // The customer writes into the archived conversation: it stays archived, with a badge on the row and tab.
    await customerWrites(customer, 'Are you still there?');
    await row(owner, customer.name).getByText('New reply').waitFor({ timeout: 20_000 });
    await tab(owner, 'Archived').locator('.inbox-tab-dot').waitFor();

    // The owner reopens it: it leaves the agent's Archived tab at once and is back in Active for both.
    await tab(agent, 'Archived').click();
    await row(agent, customer.name).waitFor();
    const agentLoads = listRequests(agent);
    await row(owner, customer.name).getByRole('button', { name: 'Reopen' }).click();
    await row(owner, customer.name).waitFor({ state: 'detached', timeout: 20_000 });
    await row(agent, customer.name).waitFor({ state: 'detached', timeout: 20_000 });
    expect(agentLoads()).toBe(0);
    await tab(agent, 'Active').click();
    await row(agent, customer.name).waitFor();
    await tab(owner, 'Active').click();
    await row(owner, customer.name).waitFor();
    expect(await row(owner, customer.name).getByText('New reply').count()).toBe(0);
  });

  it('counts a new message in the tab title until the staff member opens the conversation', async () => {
    const agent = await onDashboard('agent');
    const titleCounts = (expected: number) =>
      agent.waitForFunction(
        (count) => (count === 0 ? /^[^(].* · Parley$/.test(document.title) : document.title.startsWith(`(${count}) `)),
        expected,
        { timeout: 20_000 },
      );
    const before = await serverUnread(agent);
    const customer = await newCustomerWrites('Titled');
    await row(agent, customer.name).getByTitle('1 unread').waitFor({ timeout: 20_000 });
    await titleCounts(before + 1);

    // Opening it reads it on the server: the title goes back, also after a reload.
    await openChat(agent, customer.name);
    await titleCounts(before);
    expect(await serverUnread(agent)).toBe(before);
    await agent.reload();
    await row(agent, customer.name).waitFor();
    await titleCounts(before);
  });

  it('keeps the open conversation, the tab and the search across a reload, and in a shared link', async () => {
    const agent = await onDashboard('agent');
    const customer = await newCustomerWrites('Linked');
    await openChat(agent, customer.name);
    await headerButton(agent, 'Close').click();
    await row(agent, customer.name).waitFor({ state: 'detached', timeout: 20_000 });
    await tab(agent, 'Closed').click();
    await agent.getByRole('searchbox', { name: 'Search conversations' }).fill(customer.name);
    await agent.waitForURL(/q=/);
    const address = agent.url();
    expect(new URL(address).searchParams.get('tab')).toBe('closed');
    expect(new URL(address).searchParams.get('conversation')).toBeTruthy();

    await agent.reload();
    await chatTitle(agent).filter({ hasText: customer.name }).waitFor();
    expect(await selectedTab(agent)).toMatch(/^Closed/);
    expect(await agent.getByRole('searchbox', { name: 'Search conversations' }).inputValue()).toBe(customer.name);
    expect(await row(agent, customer.name).getAttribute('aria-current')).toBe('true');

    // Another staff member opens the same link.
    const owner = await signedIn('owner');
    await owner.goto(address);
    await chatTitle(owner).filter({ hasText: customer.name }).waitFor();
    expect(await selectedTab(owner)).toMatch(/^Closed/);
  });

  it('moves between conversations and tabs with Back and Forward', async () => {
    const agent = await onDashboard('agent');
    const first = await newCustomerWrites('Back');
    const second = await newCustomerWrites('Forth');
    await openChat(agent, first.name);
    await openChat(agent, second.name);
    await tab(agent, 'Closed').click();
    await agent.waitForURL(/tab=closed/);

    await agent.goBack();
    await row(agent, second.name).waitFor();
    expect(await selectedTab(agent)).toMatch(/^Active/);
    await agent.goBack();
    await chatTitle(agent).filter({ hasText: first.name }).waitFor();
    expect(await row(agent, first.name).getAttribute('aria-current')).toBe('true');
    await agent.goForward();
    await chatTitle(agent).filter({ hasText: second.name }).waitFor();
    await agent.goForward();
    await agent.waitForFunction(() =>
      document.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.startsWith('Closed'),
    );
  });

  it('fits the dashboard with an open conversation in a 390 px phone and a 700 px tablet, banner or not', async () => {
    const customer = await newCustomerWrites('Narrow', 'A message to show in the narrow layout');
    const pageScrolls = (page: Page) =>
      page.evaluate(() => document.scrollingElement!.scrollHeight > window.innerHeight + 1);

    const phone = await onDashboard('agent', { width: 390, height: 844 });
    await row(phone, customer.name).waitFor({ timeout: 20_000 });
    expect(await pageScrolls(phone)).toBe(false);
    await phone.screenshot({ path: path.join(DASHBOARD_SHOTS, 'inbox-390-list.png') });
    await openChat(phone, customer.name);
    await phone.getByText('A message to show in the narrow layout').waitFor();
    expect(await pageScrolls(phone)).toBe(false);
    await phone.screenshot({ path: path.join(DASHBOARD_SHOTS, 'inbox-390-chat.png') });
    // Back on the list, the notification offer and the filters leave the list its room.
    await phone.getByRole('button', { name: 'Back to conversations' }).click();
    await row(phone, customer.name).waitFor();
    // A message that arrives while the list is on screen shows its start on the row.
    await customerWrites(customer, 'Is the blue one in stock?');
    await row(phone, customer.name).getByText('Is the blue one in stock?').waitFor({ timeout: 20_000 });
    expect(await pageScrolls(phone)).toBe(false);
    await phone.screenshot({ path: path.join(DASHBOARD_SHOTS, 'inbox-390-back.png') });

    const tablet = await signedIn('agent', { width: 700, height: 900 });
    const network = await cuttableRealtime(tablet);
    await tablet.goto(`${stack.baseUrl}/main`);
    await tablet.getByRole('heading', { name: 'Conversations' }).waitFor();
    await openChat(tablet, customer.name);
    await tablet.getByText('Is the blue one in stock?').last().waitFor();
    expect(await pageScrolls(tablet)).toBe(false);
    await tablet.screenshot({ path: path.join(DASHBOARD_SHOTS, 'inbox-700-chat.png') });
    // The shell's banner above the page takes its room from the dashboard, not from the window.
    await network.connected();
    await network.cut();
    await tablet.getByText('Reconnecting…').waitFor({ timeout: 60_000 });
    expect(await pageScrolls(tablet)).toBe(false);
    await tablet.screenshot({ path: path.join(DASHBOARD_SHOTS, 'inbox-700-reconnecting.png') });
    network.restore();

    const desktop = await onDashboard('owner', { width: 1280, height: 800 });
    await openChat(desktop, customer.name);
    await desktop.getByText('Is the blue one in stock?').last().waitFor();
    expect(await pageScrolls(desktop)).toBe(false);
    await desktop.screenshot({ path: path.join(DASHBOARD_SHOTS, 'inbox-1280-chat.png') });
  });
});
