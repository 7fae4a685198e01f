import type { Browser, Locator, Page } from 'playwright-core';
import { leaveBrowser, sharedBrowser, PagePool } from './browser';
import { reportFailure, testFailed } from './failure-report';
import { jsonCall } from './json-call';
import { signInAs } from './session';
import { startStack, type Stack, type StackOptions } from './stack';

/** A message as the sandbox (standing in for Meta) recorded it for a customer. */
export interface SandboxMessage {
  wamid: string;
  direction: 'inbound' | 'outbound';
  type: string;
  payload: Record<string, any>;
  status?: string;
}

export interface Login {
  email: string;
  password: string;
}

export interface Customer {
  /** E.164, as the sandbox takes it in `from`. */
  phone: string;
  digits: string;
  /** The WhatsApp profile name the conversation list shows. */
  name: string;
}

/**
 * What every inbox browser test file sets up the same way: one stack (server + sandbox, the demo account unless
 * told otherwise) and one Chromium for the file; a browser context of its own per page, taken back after each test
 * (support/browser.ts PagePool: cleaned and kept for the next test when this one passed); no uncaught error in any
 * page; sandbox faults cleared; customers no other test of the file uses.
 */
export function inboxSuite(options: StackOptions = {}) {
  let stack: Stack;
  let browser: Browser;
  let pool: PagePool;
  let customerNumber = 0;

  beforeAll(async () => {
    stack = await startStack({ seedDemo: true, ...options });
    browser = await sharedBrowser();
    pool = new PagePool(browser, () => `${stack.baseUrl}/healthz`);
  });
  afterEach(async () => {
    const failed = testFailed();
    if (failed) await reportFailure(pool.pages(), stack.logs());
    // Nothing in the page may have thrown while the test ran.
    const pageErrors = pool.errors();
    await pool.release(!failed && pageErrors.length === 0);
    expect(pageErrors).toEqual([]);
    await sandbox('DELETE', '/_sandbox/faults');
  });
  afterAll(async () => {
    await pool?.close();
    await leaveBrowser();
    await stack?.stop();
  });

  const sandbox = (method: string, pathname: string, body?: unknown) =>
    jsonCall(`${stack.sandboxUrl}${pathname}`, method, body);

  /** The customer sends something through the sandbox, as a signed webhook (Meta's); its wamid. */
  async function customerSends(customer: Pick<Customer, 'phone' | 'name'>, message: Record<string, unknown>) {
    const answer = await sandbox('POST', '/_sandbox/inbound', {
      from: customer.phone,
      name: customer.name,
      ...message,
    });
    return answer.wamid as string;
  }

  /** A page in a browser context of its own (own cookies, storage, system colour scheme, browser language). */
  async function page(
    viewport?: { width: number; height: number },
    colorScheme?: 'light' | 'dark',
    locale?: string,
  ): Promise<Page> {
    return (await pool.take({ viewport, colorScheme, locale })).page;
  }

  return {
    get stack() {
      return stack;
    },
    get browser() {
      return browser;
    },
    sandbox,
    page,

    /** A staff member's page, signed in and on `path` (the dashboard, its list shown, by default). */
    async signedIn(
      login: Login,
      where: { path?: string; viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
    ) {
      const signed = await page(where.viewport, where.colorScheme);
      await signInAs(signed, stack.baseUrl, login.email, login.password);
      await signed.goto(`${stack.baseUrl}${where.path ?? '/main'}`);
      if (!where.path) await signed.getByRole('heading', { name: 'Conversations' }).waitFor();
      return signed;
    },

    async apiToken(login: Login): Promise<string> {
      return ((await jsonCall(`${stack.baseUrl}/auth/login`, 'POST', login)) as { token: string }).token;
    },

    newCustomer(name: string): Customer {
      customerNumber += 1;
      const digits = `1555${String(Date.now() % 100000).padStart(5, '0')}${String(customerNumber).padStart(2, '0')}`;
      return { phone: `+${digits}`, digits, name: `${name} ${customerNumber}` };
    },

    /** A number for tests that need one of their own (e.g. a username), unique in the file. */
    nextNumber: () => (customerNumber += 1),

    customerSends,
    customerSays: (customer: Pick<Customer, 'phone' | 'name'>, text: string) =>
      customerSends(customer, { type: 'text', text }),

    /** What the business sent to the customer (phone digits or user id), as the sandbox (Meta) received it. */
    async receivedByCustomer(key: string, accept: (message: SandboxMessage) => boolean): Promise<SandboxMessage> {
      let last: SandboxMessage[] = [];
      for (let attempt = 0; attempt < 150; attempt += 1) {
        const answer = await sandbox('GET', `/_sandbox/customers/${encodeURIComponent(key)}/messages`);
        last = (Array.isArray(answer) ? answer : (answer.messages ?? answer.list ?? [])) as SandboxMessage[];
        const found = last.find((message) => message.direction === 'outbound' && accept(message));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`the customer did not receive it; they have ${JSON.stringify(last)}`);
    },
  };
}

/** The dashboard's parts, as a staff member finds them. */
export const conversationList = (page: Page) => page.getByRole('list', { name: 'Conversations' });
export const row = (page: Page, name: string) => conversationList(page).getByRole('listitem', { name, exact: true });
export const tab = (page: Page, name: 'Active' | 'Closed' | 'Archived') => page.getByRole('tab', { name, exact: true });
export const chatHeader = (page: Page) => page.locator('.inbox-chat-header');
export const bubble = (page: Page, text: string) => page.locator('.inbox-message', { hasText: text }).last();
export const composerBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/**
 * Waits until a composer's box is empty. The box empties when the server answers the send or save, and the socket
 * may bring the message or note (and the customer may receive it) before that answer: never read the box at once.
 */
export async function emptied(box: Locator, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // Looks the box up afresh each time: the composer may render a new one.
  for (let value = await box.inputValue(); value !== ''; value = await box.inputValue()) {
    if (Date.now() > deadline) throw new Error(`the box still holds “${value}” after ${timeoutMs} ms`);
    await box.page().waitForTimeout(100);
  }
}

export async function openChat(page: Page, name: string): Promise<void> {
  try {
    await row(page, name).getByRole('button', { name: 'Chat' }).click();
    // By name: the header of the chat open before would do otherwise.
    await chatHeader(page).getByRole('heading', { name, exact: true }).waitFor();
  } catch (error) {
    throw new Error(`could not open the chat of ${name}: ${await whatTheDashboardShows(page)}`, { cause: error });
  }
}

/** For a failure's first line (all a cut CI log may keep): the address, the selected tab and the rows shown. */
async function whatTheDashboardShows(page: Page): Promise<string> {
  const selected = await page
    .getByRole('tab', { selected: true })
    .allInnerTexts()
    .catch(() => []);
  const rows = await conversationList(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))
    .catch(() => []);
  const alerts = await page
    .getByRole('alert')
    .allInnerTexts()
    .catch(() => []);
  const loading = await page
    .locator('.ant-spin-spinning')
    .count()
    .catch(() => -1);
  const listFailed = await page
    .getByText('Could not load conversations')
    .count()
    .catch(() => -1);
  return JSON.stringify({ url: page.url(), tab: selected, rows, alerts, spinners: loading, listFailed });
}
