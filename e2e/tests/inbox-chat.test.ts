import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_LOGINS } from '../../server/src/seed/demo-logins';
import { leaveBrowser, sharedBrowser, newPage } from '../support/browser';
import { reportFailure, testFailed } from '../support/failure-report';
import { jsonCall } from '../support/json-call';
import { signInAs } from '../support/session';
import { startStack, type Stack } from '../support/stack';

// Issue 16, the chat pane: templates with variables reach Meta as components[].parameters, day separators, and
// the "new messages ↓" button. One stack and one signed-in page for the whole file.
interface SandboxMessage {
  direction: 'inbound' | 'outbound';
  type: string;
  payload: Record<string, any>;
}

// Seeded demo customer (server/src/seed/demo-conversations.ts): wrote two days ago, conversation closed.
const AIKO = { name: 'Aiko Tanaka', digits: '15550003' };

describe('inbox chat pane', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    stack = await startStack({ seedDemo: true });
    browser = await sharedBrowser();
    ({ context, page, errors } = await newPage(browser));
    await signInAs(page, stack.baseUrl, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);
    await page.goto(`${stack.baseUrl}/main`);
    await page.getByRole('heading', { name: 'Conversations' }).waitFor();
  });
  afterEach(async () => {
    // What the page showed and the servers logged (a failure under load is otherwise hard to tell apart).
    if (testFailed()) await reportFailure([page], stack.logs());
    // Nothing in the page may have thrown.
    expect(errors).toEqual([]);
  });
  afterAll(async () => {
    await context?.close();
    await leaveBrowser();
    await stack?.stop();
  });

  const sandbox = (method: string, pathname: string, body?: unknown) =>
    jsonCall(`${stack.sandboxUrl}${pathname}`, method, body);
  const row = (name: string) =>
    page.getByRole('list', { name: 'Conversations' }).getByRole('listitem', { name, exact: true });
  const messages = () => page.getByRole('log', { name: 'Messages' });
  const bubble = (text: string) => page.locator('.inbox-message', { hasText: text }).last();

  async function openChat(tab: 'Active' | 'Closed', name: string): Promise<void> {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await row(name).getByRole('button', { name: 'Chat' }).click();
    await page.locator('.inbox-chat-header').getByRole('heading', { name }).waitFor();
  }

  /** What the business sent to the customer, as the sandbox (Meta) received it. */
  async function receivedByCustomer(digits: string, accept: (message: SandboxMessage) => boolean) {
    const deadline = Date.now() + 20_000;
    let last: SandboxMessage[] = [];
    while (Date.now() < deadline) {
      last = (await sandbox('GET', `/_sandbox/customers/${digits}/messages`)) as SandboxMessage[];
      const found = last.find((message) => message.direction === 'outbound' && accept(message));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the customer did not receive it; they have ${JSON.stringify(last)}`);
  }

  it('sends a template with its variables filled in, which Meta receives as parameters, under a Today separator', async () => {
    await openChat('Closed', AIKO.name);
    await bubble('Perfect, thanks for the help!').waitFor();
    // Two days ago: a separator names each day the messages fall on, in the browser's locale (one day, or two when
    // the seed's half hour straddles midnight).
    const expectedDays = await messages()
      .locator('time')
      .evaluateAll((times) => {
        const dayOf = (date: Date) =>
          new Intl.DateTimeFormat(
            undefined,
            date.getFullYear() === new Date().getFullYear()
              ? { weekday: 'long', day: 'numeric', month: 'long' }
              : { day: 'numeric', month: 'long', year: 'numeric' },
          ).format(date);
        return [...new Set(times.map((time) => dayOf(new Date(time.getAttribute('datetime') ?? ''))))];
      });
    expect(await messages().getByRole('separator').allTextContents()).toEqual(expectedDays);

    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'appointment_reminder (en_US)' }).click();
    const first = page.getByRole('textbox', { name: 'Body {{1}}' });
    const second = page.getByRole('textbox', { name: 'Body {{2}}' });
    // The template's own examples as placeholders; Send waits for every variable.
    expect(await first.getAttribute('placeholder')).toBe('Ana');
    expect(await second.getAttribute('placeholder')).toBe('Monday at 10:00');
    const send = page.getByRole('button', { name: 'Send' });
    await first.fill('Aiko');
    expect(await send.isDisabled()).toBe(true);
    await second.fill('Friday at 9:00');
    const filled = 'Hi Aiko, this is a reminder of your appointment on Friday at 9:00. Reply to reschedule.';
    await page.getByLabel('Template preview').getByText(filled).waitFor();
    await send.click();

    await bubble(filled).waitFor();
    await messages().getByRole('separator', { name: 'Today' }).waitFor();
    const sent = await receivedByCustomer(
      AIKO.digits,
      (message) => message.type === 'template' && message.payload.template?.name === 'appointment_reminder',
    );
    expect(sent.payload.template.components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Aiko' },
          { type: 'text', text: 'Friday at 9:00' },
        ],
      },
    ]);
  });

  it('offers "new messages ↓" when a customer writes while the agent reads further up, and takes them down', async () => {
    const customer = { from: `+1556${String(Date.now() % 10_000_000).padStart(7, '0')}`, name: 'Scroll Customer' };
    for (let line = 1; line <= 14; line += 1) {
      await sandbox('POST', '/_sandbox/inbound', { ...customer, type: 'text', text: `Line ${line} of my question` });
    }
    await openChat('Active', customer.name);
    await bubble('Line 14 of my question').waitFor();
    const newMessages = page.getByRole('button', { name: 'new messages ↓' });

    // Up to the top, again at each look until the reader is well away from the end: lines still arriving (Meta
    // keeps no order between webhooks) and rows measured after they render may move the view meanwhile. Each look
    // comes two frames after the scroll, when the browser has dispatched the scroll event the list reads (a busy
    // machine can deliver the next message before that frame).
    // The reader counts as away once the view has stayed away for ten frames after the scroll (the list's own
    // scroll to the end on opening may still be settling on a busy machine).
    let away = false;
    for (let look = 0; !away && look < 100; look += 1) {
      away = await page.evaluate(async () => {
        const log = document.querySelector('[role="log"][aria-label="Messages"]');
        if (!log) return false;
        log.scrollTo({ top: 0 });
        for (let frame = 0; frame < 10; frame += 1) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          if (frame >= 1 && log.scrollHeight - log.scrollTop - log.clientHeight <= 200) return false;
        }
        return true;
      });
    }
    expect(away).toBe(true);
    await sandbox('POST', '/_sandbox/inbound', { ...customer, type: 'text', text: 'One more thing' });
    // Delivered and stored first, so that a miss below is the page's and not a webhook still on its way.
    expect(await sandbox('GET', '/_sandbox/idle?timeoutMs=60000')).toMatchObject({ idle: true });
    await newMessages.waitFor().catch(async (error) => {
      const view = await page.evaluate(() => {
        const log = document.querySelector('[role="log"][aria-label="Messages"]');
        const bubbles = [...document.querySelectorAll('.inbox-message')].map((node) => node.textContent?.slice(0, 30));
        return { fromEnd: log && log.scrollHeight - log.scrollTop - log.clientHeight, bubbles };
      });
      // The list's end, which a virtualised list scrolled up does not render: whether the page has the message.
      const atTheEnd = await page.evaluate(async () => {
        document.querySelector('[role="log"][aria-label="Messages"]')?.scrollTo({ top: 1e9 });
        for (let frame = 0; frame < 5; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
        return [...document.querySelectorAll('.inbox-message')].slice(-3).map((node) => node.textContent?.slice(0, 30));
      });
      // The server's newest messages of the open conversation, asked as the page's user: a message stored but not
      // shown is the page's (docs/reliability.md row 19).
      const token = (await context.cookies()).find((cookie) => cookie.name === 'token')?.value;
      const conversationId = new URL(page.url()).searchParams.get('conversation');
      const stored = await jsonCall(
        `${stack.baseUrl}/api/conversations/${conversationId}?limit=3`,
        'GET',
        undefined,
        token,
      )
        .then((detail) => detail.messages.map((message: { content: unknown }) => JSON.stringify(message.content)))
        .catch((failure: Error) => failure.message);
      throw new Error(
        `${error.message}\nthe view: ${JSON.stringify(view)}\nits end: ${JSON.stringify(atTheEnd)}\nthe server's: ${JSON.stringify(stored)}`,
      );
    });

    await newMessages.click();
    await newMessages.waitFor({ state: 'detached' });
    await bubble('One more thing').waitFor();
    // The list lands at the end over a few frames (rows measured as they render): wait for it to get there.
    await page.waitForFunction(() => {
      const log = document.querySelector('[role="log"][aria-label="Messages"]');
      return !!log && log.scrollHeight - log.scrollTop - log.clientHeight <= 80;
    });
    expect(await bubble('One more thing').isVisible()).toBe(true);
  });
});
