import type { Locator, Page } from 'playwright-core';
import {
  bubble,
  composerBox,
  conversationList,
  inboxSuite,
  openChat,
  row,
  tab,
  type Login,
} from '../support/inbox-suite';
import { holdRequests } from '../support/hold-requests';
import { signInAs } from '../support/session';

// The inbox in the browser (docs/product-rules.md#dashboard): staff answer sandbox customers live on the real server (conversation API, socket,
// Graph API calls to the sandbox standing in for Meta).
const OWNER = { email: 'owner@parley.test', password: 'parley-owner' };
const AGENT = { email: 'agent@parley.test', password: 'parley-agent' };

describe('inbox', () => {
  const suite = inboxSuite();
  const { sandbox, newCustomer, customerSends, customerSays, receivedByCustomer, apiToken } = suite;
  const signedIn = (login: Login, viewport?: { width: number; height: number }) => suite.signedIn(login, { viewport });

  async function chooseMode(page: Page, mode: 'Text' | 'Media' | 'Asset' | 'Form') {
    await page.locator('.inbox-composer .ant-segmented').getByText(mode, { exact: true }).click();
  }

  async function pick(page: Page, picker: string, option: string) {
    await page.getByRole('combobox', { name: picker }).click();
    await page.locator('.ant-select-item-option', { hasText: option }).first().click();
  }

  async function tickOf(message: Locator): Promise<string | null> {
    return message.locator('.inbox-ticks').getAttribute('data-status');
  }

  const TICK_ORDER = ['pending', 'sent', 'delivered', 'read'];

  /** Every delivery state the message shows, in order, until it is read. */
  async function tickClimb(message: Locator): Promise<string[]> {
    const seen: string[] = [];
    const deadline = Date.now() + 20_000;
    while (seen.at(-1) !== 'read' && Date.now() < deadline) {
      const status = await tickOf(message).catch(() => null);
      if (status && status !== seen.at(-1)) seen.push(status);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    return seen;
  }

  it('a hello arrives live, the agent replies with a quote, the customer gets it, ticks climb, Close and back to Active', async () => {
    const zara = newCustomer('Zara');
    const agent = await signedIn(AGENT);
    const owner = await signedIn(OWNER);

    const helloWamid = await customerSays(zara, 'Hello, is the shop open today?');
    await row(agent, zara.name).waitFor();
    const chat = row(agent, zara.name).getByRole('button', { name: 'Chat' });
    expect(await chat.getAttribute('data-awaiting-reply')).toBe('true');
    const green = await chat.evaluate((button) => getComputedStyle(button).backgroundColor);
    const [red, greenChannel, blue] = green.match(/\d+/g)!.map(Number);
    expect(greenChannel).toBeGreaterThan(red);
    expect(greenChannel).toBeGreaterThan(blue);
    // The owner has not opened it: one unread.
    await row(owner, zara.name).getByTitle('1 unread').waitFor();

    await openChat(agent, zara.name);
    await openChat(owner, zara.name);
    expect(await row(owner, zara.name).getByTitle('1 unread').count()).toBe(0);
    await bubble(agent, 'Hello, is the shop open today?').getByRole('button', { name: 'Reply' }).click();
    await agent.getByText('Replying to').waitFor();
    await composerBox(agent).fill('Yes, until 6 pm!');
    await composerBox(agent).press('Enter');
    await agent.getByText('Replying to').waitFor({ state: 'detached' });
    expect(await composerBox(agent).inputValue()).toBe('');

    // The reply reaches the customer quoting their hello, and the other staff member sees it live.
    const received = await receivedByCustomer(
      zara.digits,
      (message) => message.payload.text?.body === 'Yes, until 6 pm!',
    );
    expect(received.payload.context?.message_id).toBe(helloWamid);
    const reply = bubble(owner, 'Yes, until 6 pm!');
    await reply.waitFor();
    expect(await reply.locator('.inbox-quote').textContent()).toBe('Hello, is the shop open today?');

    // Ticks climb, never back, up to read (blue ✓✓), in both browsers.
    const mine = bubble(agent, 'Yes, until 6 pm!');
    const seen = await tickClimb(mine);
    expect(seen[0]).not.toBe('read');
    expect(seen.at(-1)).toBe('read');
    expect(seen).toEqual([...seen].sort((a, b) => TICK_ORDER.indexOf(a) - TICK_ORDER.indexOf(b)));
    expect(await mine.locator('.inbox-ticks').textContent()).toBe('✓✓');
    expect(await mine.locator('.inbox-ticks').evaluate((tick) => getComputedStyle(tick).color)).toBe(
      'rgb(52, 183, 241)',
    );
    await reply.locator('.inbox-ticks[data-status="read"]').waitFor({ timeout: 20_000 });

    // Clicking the quote brings the original into view, highlighted.
    await mine.locator('.inbox-quote').click();
    await agent.locator('.inbox-bubble[data-highlighted]', { hasText: 'Hello, is the shop open today?' }).waitFor();

    await agent.locator('.inbox-chat-header').getByRole('button', { name: 'Close' }).click();
    await row(agent, zara.name).waitFor({ state: 'detached' });
    await tab(agent, 'Closed').click();
    await row(agent, zara.name).waitFor();

    await customerSays(zara, 'One more question');
    await row(agent, zara.name).waitFor({ state: 'detached' });
    await tab(agent, 'Active').click();
    await row(agent, zara.name).waitFor();
    expect(await row(agent, zara.name).getByRole('button', { name: 'Chat' }).getAttribute('data-awaiting-reply')).toBe(
      'true',
    );
    await bubble(agent, 'One more question').waitFor();
  });

  it('Archive keeps a conversation archived when the customer writes again', async () => {
    const yusuf = newCustomer('Yusuf');
    const agent = await signedIn(AGENT);
    await customerSays(yusuf, 'Please stop the newsletter');
    await openChat(agent, yusuf.name);
    await agent.locator('.inbox-chat-header').getByRole('button', { name: 'Archive' }).click();
    await row(agent, yusuf.name).waitFor({ state: 'detached' });
    await tab(agent, 'Archived').click();
    await row(agent, yusuf.name).waitFor();

    await customerSays(yusuf, 'Thanks!');
    await bubble(agent, 'Thanks!').waitFor();
    expect(await row(agent, yusuf.name).count()).toBe(1);
    await tab(agent, 'Active').click();
    // A seeded active conversation: its row shows only once the Active list has come (Yusuf's row was there before).
    await row(agent, 'Maria Silva').waitFor();
    expect(await row(agent, yusuf.name).count()).toBe(0);
  });

  it('sends media, an asset and a form, and shows a form answer as key/value pairs', async () => {
    const wen = newCustomer('Wen');
    const photo = Buffer.from(await (await fetch(`${suite.stack.sandboxUrl}/samples/photo.png`)).arrayBuffer());
    // An asset in the library, uploaded by the owner through the API.
    const upload = new FormData();
    upload.append('files', new Blob([photo], { type: 'image/png' }), 'price-list.png');
    const uploaded = await fetch(`${suite.stack.baseUrl}/api/account/assets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await apiToken(OWNER)}` },
      body: upload,
    });
    expect(uploaded.status).toBeLessThan(300);
    const asset = ((await uploaded.json()) as { list: Array<{ name: string }> }).list[0];

    const agent = await signedIn(AGENT);
    await customerSays(wen, 'Can I see the menu?');
    await openChat(agent, wen.name);

    await chooseMode(agent, 'Media');
    await agent
      .locator('.inbox-composer input[type=file]')
      .setInputFiles({ name: 'menu.png', mimeType: 'image/png', buffer: photo });
    await agent.getByText('menu.png').waitFor();
    await agent.getByRole('textbox', { name: 'Caption' }).fill('Our menu');
    await agent.getByRole('button', { name: 'Send' }).click();
    await agent.locator('.inbox-message.is-outgoing img').first().waitFor();
    await bubble(agent, 'Our menu').waitFor();
    const media = await receivedByCustomer(
      wen.digits,
      (message) => message.type === 'image' && message.payload.image?.caption === 'Our menu',
    );
    expect(media.payload.image.id ?? media.payload.image.link).toBeTruthy();

    await chooseMode(agent, 'Asset');
    await pick(agent, 'Asset', asset.name);
    await agent.getByLabel('Asset preview').waitFor();
    await agent.getByRole('textbox', { name: 'Caption' }).fill('Prices for June');
    await agent.getByRole('button', { name: 'Send' }).click();
    await bubble(agent, 'Prices for June').waitFor();
    await receivedByCustomer(
      wen.digits,
      (message) => message.type === 'image' && message.payload.image?.caption === 'Prices for June',
    );

    await chooseMode(agent, 'Form');
    await pick(agent, 'Form', 'Book an appointment');
    const preview = agent.getByLabel('Form preview');
    await preview.waitFor();
    expect(await preview.getByRole('button').count()).toBe(1);
    await agent.getByRole('button', { name: 'Send' }).click();
    await bubble(agent, 'Book an appointment').waitFor();
    const form = await receivedByCustomer(
      wen.digits,
      (message) => message.type === 'interactive' && message.payload.interactive?.type === 'flow',
    );
    expect(form.payload.interactive.action.parameters.flow_id).toBeTruthy();

    await customerSends(wen, {
      type: 'nfm_reply',
      interactive: { response: { appointment_date: '2025-07-01', party_size: '2' } },
    });
    const answer = agent.locator('.inbox-message.is-incoming .inbox-answers').last();
    await answer.waitFor();
    // Pairs, in whatever order the server keeps the fields (jsonb does not keep the customer's order).
    const keys = await answer.locator('dt').allTextContents();
    const values = await answer.locator('dd').allTextContents();
    expect(Object.fromEntries(keys.map((key, index) => [key, values[index]]))).toEqual({
      appointment_date: '2025-07-01',
      party_size: '2',
    });
  });

  it('collapses Close and Archive into a menu on a 700 px wide screen', async () => {
    const vera = newCustomer('Vera');
    await customerSays(vera, 'Hi from my phone');
    const agent = await signedIn(AGENT, { width: 700, height: 800 });
    await openChat(agent, vera.name);
    await bubble(agent, 'Hi from my phone').waitFor();
    const header = agent.locator('.inbox-chat-header');
    expect(await header.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await header.getByRole('button', { name: 'Conversation actions' }).click();
    await agent.getByRole('menuitem', { name: 'Archive' }).waitFor();
    await agent.getByRole('menuitem', { name: 'Close' }).click();
    await header.getByText('Closed').waitFor();
    // Narrow: the chat replaced the list; Back shows the list again.
    await agent.getByRole('button', { name: 'Back to conversations' }).click();
    await tab(agent, 'Closed').click();
    await row(agent, vera.name).waitFor();
  });

  it("shows Meta's reason and Retry for a failed send, and the server's message when a send is refused", async () => {
    const uma = newCustomer('Uma');
    await customerSays(uma, 'Are you there?');
    const agent = await signedIn(AGENT);
    await openChat(agent, uma.name);

    await sandbox('POST', '/_sandbox/faults', { code: 131026, recipient: uma.digits, count: 1 });
    await composerBox(agent).fill('We are here');
    await composerBox(agent).press('Enter');
    const failed = bubble(agent, 'We are here');
    await failed.getByText('Message undeliverable (131026)').waitFor({ timeout: 20_000 });
    expect(await tickOf(failed)).toBe('failed');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await failed.locator('.inbox-ticks[data-status="read"]').waitFor({ timeout: 20_000 });
    expect(await failed.getByRole('button', { name: 'Retry' }).count()).toBe(0);

    // A file WhatsApp cannot carry: the toast shows exactly what the server answers for it.
    const program = { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ fake program') };
    const token = await apiToken(AGENT);
    const found = await (
      await fetch(`${suite.stack.baseUrl}/api/conversations?q=${uma.digits}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    const conversationId = (found as { list: Array<{ id: string }> }).list[0].id;
    const direct = new FormData();
    direct.append('file', new Blob([program.buffer], { type: program.mimeType }), program.name);
    const refused = await fetch(`${suite.stack.baseUrl}/api/conversations/${conversationId}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: direct,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const { message } = (await refused.json()) as { message: string };

    await chooseMode(agent, 'Media');
    await agent.locator('.inbox-composer input[type=file]').setInputFiles(program);
    await agent.getByRole('button', { name: 'Send' }).click();
    await agent.locator('.ant-notification').getByText(message, { exact: true }).waitFor();
    expect(await agent.getByText('Unknown error sending message').count()).toBe(0);
    // Nothing was sent, and the chosen file stays for another try.
    await agent.locator('.inbox-composer').getByText('setup.exe', { exact: true }).waitFor();
  });

  it('a click on a tab lands while the tab counts and the profile arrive: the tabs do not move under the pointer', async () => {
    // The counts come after the list (their own request), and so does the profile (the account's name above the
    // list) on a page opened without it: the tabs must not shift when they do.
    const agent = await suite.page();
    const answer = await holdRequests(agent, '**/api/conversations/summary', '**/api/user/profile');
    await signInAs(agent, suite.stack.baseUrl, AGENT.email, AGENT.password);
    await agent.goto(`${suite.stack.baseUrl}/main`);
    await row(agent, 'Maria Silva').waitFor();
    const closed = await tab(agent, 'Closed').boundingBox();
    if (!closed) throw new Error('the Closed tab is not shown');
    await agent.mouse.move(closed.x + closed.width / 2, closed.y + closed.height / 2);
    await agent.mouse.down();
    answer();
    await agent.locator('.inbox-tab-count', { hasText: /\d/ }).first().waitFor();
    await agent.getByRole('heading', { name: 'Parley Demo', exact: true }).waitFor();
    await agent.mouse.up();
    await agent.getByRole('tab', { name: 'Closed', exact: true, selected: true }).waitFor();
    expect(agent.url()).toMatch(/[?&]tab=closed/);
  });

  it('outside the 24-hour window says so and sends an approved template instead', async () => {
    // Seeded: Aiko Tanaka wrote two days ago and the conversation is closed.
    const agent = await signedIn(AGENT);
    await tab(agent, 'Closed').click();
    await openChat(agent, 'Aiko Tanaka');
    await agent.getByText(/The 24-hour window is closed/).waitFor();
    expect(await composerBox(agent).count()).toBe(0);
    await pick(agent, 'Template', 'hello_world (en_US)');
    await agent.getByLabel('Template preview').waitFor();
    await agent.getByRole('button', { name: 'Send' }).click();
    await bubble(agent, 'Template: hello_world').waitFor();
    const sent = await receivedByCustomer('15550003', (message) => message.type === 'template');
    expect(sent.payload.template.name).toBe('hello_world');
    // An outgoing message makes the conversation active again.
    await row(agent, 'Aiko Tanaka').waitFor({ state: 'detached' });
    await tab(agent, 'Active').click();
    await row(agent, 'Aiko Tanaka').waitFor();
  });

  it('filters by text (a phone typed with + and spaces), by customer name and by creation date', async () => {
    const xena = newCustomer('Xena');
    await customerSays(xena, 'Filter me');
    const agent = await signedIn(AGENT);
    await row(agent, xena.name).waitFor();
    const rows = () => conversationList(agent).getByRole('listitem');
    const search = agent.getByRole('searchbox', { name: 'Search conversations' });

    await search.fill(`+${xena.digits.slice(0, 4)} ${xena.digits.slice(4)}`);
    await agent.waitForFunction(
      (name) =>
        [...document.querySelectorAll('[role="list"][aria-label="Conversations"] [role="listitem"]')]
          .map((r) => r.getAttribute('aria-label'))
          .join('|') === name,
      xena.name,
    );
    await search.fill('');
    await row(agent, 'Maria Silva').waitFor();

    await agent.getByRole('textbox', { name: 'Customer name' }).fill(xena.name.toUpperCase());
    await row(agent, 'Maria Silva').waitFor({ state: 'detached' });
    expect(await rows().count()).toBe(1);
    await agent.getByRole('textbox', { name: 'Customer name' }).fill('');

    // Created today: a range ending yesterday hides it, a range of today shows it.
    const day = (offset: number) => {
      const date = new Date(Date.now() + offset * 86_400_000);
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    };
    const setRange = async (from: string, to: string) => {
      await agent.getByPlaceholder('From', { exact: true }).fill(from);
      await agent.getByPlaceholder('To', { exact: true }).fill(to);
      await agent.getByPlaceholder('To', { exact: true }).press('Enter');
    };
    await setRange(day(-3), day(-1));
    await row(agent, xena.name).waitFor({ state: 'detached' });
    await agent.locator('.inbox-filters .ant-picker-clear').click();
    await row(agent, xena.name).waitFor();
    await setRange(day(0), day(0));
    await agent.waitForFunction(() => !document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)'));
    expect(await agent.getByPlaceholder('To', { exact: true }).inputValue()).toBe(day(0));
    await row(agent, xena.name).waitFor();
  });
});
