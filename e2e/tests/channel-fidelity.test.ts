import { bubble, chatHeader, composerBox, inboxSuite, openChat, row, type Login } from '../support/inbox-suite';
import { jsonCall } from '../support/json-call';

// What the real WhatsApp sends beyond plain texts, as staff see it: customers with a username and no phone,
// replies from the phone app, orders, ads, notices, the 24-hour refusal and a revoked token (issue 14). The
// sandbox plays the customer and Meta.
const OWNER = { email: 'owner@parley.test', password: 'parley-owner' };
const AGENT = { email: 'agent@parley.test', password: 'parley-agent' };
// The demo account's WhatsApp connection (sandbox/src/seed.ts).
const DEMO = { wabaId: '100000000000001', phoneNumberId: '100000000000002', token: 'sandbox-token-demo' };
/** Seeded customer whose 24-hour window is open (sandbox README). */
const MARIA = { digits: '15550001', name: 'Maria Silva' };

describe('channel fidelity in the browser', () => {
  const suite = inboxSuite();
  const { sandbox, newCustomer, apiToken } = suite;
  const signedIn = (login: Login, path = '/main') => suite.signedIn(login, { path });
  /** The text the business sent to the customer (phone digits or user id), as the sandbox (Meta) received it. */
  const receivedByCustomer = (key: string, text: string) =>
    suite.receivedByCustomer(key, (message) => message.payload.text?.body === text);

  it('a customer with a username and no phone is named by profile name, never "null", and gets the reply', async () => {
    const number = suite.nextNumber();
    const username = `lena.e2e${number}`;
    const name = `Lena Username ${number}`;
    await sandbox('POST', '/_sandbox/inbound', { username, name, type: 'text', text: 'Hi, I have no number shown' });
    const agent = await signedIn(AGENT);
    await row(agent, name).waitFor();
    await openChat(agent, name);
    // No phone: the header names them by profile name (a customer with a phone shows the phone there).
    await chatHeader(agent).getByRole('heading', { name, exact: true }).waitFor();
    expect(await agent.locator('.inbox-list-pane').textContent()).not.toContain('null');
    expect(await chatHeader(agent).textContent()).not.toContain('null');

    await composerBox(agent).fill('Hello Lena');
    await composerBox(agent).press('Enter');
    await bubble(agent, 'Hello Lena').waitFor();
    const customers = (await sandbox('GET', '/_sandbox/customers')) as Array<{ waId: string; username?: string }>;
    const customer = customers.find((candidate) => candidate.username === username);
    expect(customer).toBeDefined();
    await receivedByCustomer(customer!.waId, 'Hello Lena');
  });

  it('shows a reply the business sent from the WhatsApp Business app as outgoing, sent from the phone app', async () => {
    const otto = newCustomer('Otto');
    await sandbox('POST', '/_sandbox/inbound', { from: otto.phone, name: otto.name, type: 'text', text: 'Open now?' });
    const agent = await signedIn(AGENT);
    await openChat(agent, otto.name);
    await bubble(agent, 'Open now?').waitFor();

    await sandbox('POST', '/_sandbox/echo', { to: otto.digits, text: 'Yes, come by (typed on the phone)' });
    const echo = bubble(agent, 'Yes, come by (typed on the phone)');
    await echo.waitFor();
    expect(await echo.getAttribute('data-direction')).toBe('outgoing');
    await echo.getByText('sent from the phone app').waitFor();
  });

  it('shows an order with its prices, the ad a message came from, and a changed number as a notice', async () => {
    const nora = newCustomer('Nora');
    await sandbox('POST', '/_sandbox/inbound', {
      from: nora.phone,
      name: nora.name,
      type: 'text',
      text: 'Is the blue mug in stock?',
      referral: { headline: 'Mugs: summer sale', body: 'Two for one', sourceUrl: 'https://fb.me/e2e-mug-ad' },
    });
    await sandbox('POST', '/_sandbox/inbound', {
      from: nora.phone,
      name: nora.name,
      type: 'order',
      order: {
        catalogId: 'e2e-catalog',
        text: 'Gift wrap please',
        items: [
          { productRetailerId: 'blue-mug', quantity: 2, itemPrice: 12.5, currency: 'USD' },
          { productRetailerId: 'tea-box', quantity: 1, itemPrice: 4, currency: 'USD' },
        ],
      },
    });
    const agent = await signedIn(AGENT);
    await openChat(agent, nora.name);

    const fromAd = bubble(agent, 'Is the blue mug in stock?');
    await fromAd.getByText('Mugs: summer sale').waitFor();
    expect(await fromAd.getByRole('link', { name: 'https://fb.me/e2e-mug-ad' }).getAttribute('href')).toBe(
      'https://fb.me/e2e-mug-ad',
    );
    const order = agent.locator('.inbox-order');
    await order.waitFor();
    for (const text of ['blue-mug', '× 2', '$12.50', 'tea-box', '$4.00', 'Total $29.00', 'Gift wrap please'])
      await order.getByText(text, { exact: true }).waitFor();

    const newDigits = `${nora.digits.slice(0, -2)}99`;
    await sandbox('POST', '/_sandbox/inbound', {
      from: nora.phone,
      type: 'system',
      system: { newPhone: `+${newDigits}` },
    });
    await agent.locator('.inbox-notice').waitFor();
    expect(await agent.locator('.inbox-messages').textContent()).not.toContain('Unsupported message type');
  });

  it('after WhatsApp refuses a message outside the 24-hour window (131047), offers Send a template', async () => {
    const ivan = newCustomer('Ivan');
    await sandbox('POST', '/_sandbox/inbound', { from: ivan.phone, name: ivan.name, type: 'text', text: 'Hello?' });
    const agent = await signedIn(AGENT);
    await openChat(agent, ivan.name);

    await sandbox('POST', '/_sandbox/faults', { code: 131047, recipient: ivan.digits, count: 1 });
    await composerBox(agent).fill('Sorry for the wait');
    await composerBox(agent).press('Enter');
    const failed = bubble(agent, 'Sorry for the wait');
    await failed.getByText(/\(131047\)/).waitFor({ timeout: 20_000 });
    expect(await failed.getByRole('button', { name: 'Retry' }).count()).toBe(0);

    await failed.getByRole('button', { name: 'Send a template' }).click();
    const picker = agent.getByRole('combobox', { name: 'Template' });
    await picker.waitFor();
    await agent.locator('.ant-select-item-option', { hasText: 'hello_world' }).first().click();
    await agent.locator('.inbox-composer').getByRole('button', { name: /Send/ }).click();
    await bubble(agent, 'Template: hello_world').waitFor();
  });

  // Last: it takes the demo account's token away.
  it('while Meta refuses the token, owners see the reconnect banner and agents a notice, on every screen', async () => {
    const owner = await signedIn(OWNER, '/main');
    const agent = await signedIn(AGENT, '/contacts');
    await row(owner, MARIA.name).waitFor();
    expect(await owner.getByText('WhatsApp is disconnected').count()).toBe(0);

    // The token expires at Meta; the next send finds out (and is held, not failed).
    await sandbox('POST', `/_sandbox/tokens/${DEMO.token}/expire`);
    const agentToken = await apiToken(AGENT);
    const found = await jsonCall(
      `${suite.stack.baseUrl}/api/conversations?q=${MARIA.digits}`,
      'GET',
      undefined,
      agentToken,
    );
    await jsonCall(
      `${suite.stack.baseUrl}/api/conversations/${found.list[0].id}`,
      'POST',
      { text: 'Held' },
      agentToken,
    );

    const ownerBanner = owner.getByText('WhatsApp is disconnected — reconnect in Credential Setup');
    await ownerBanner.waitFor({ timeout: 20_000 });
    await agent.getByText('WhatsApp is disconnected — ask an owner to reconnect it').waitFor({ timeout: 20_000 });
    expect(await agent.getByRole('link', { name: 'Credential Setup' }).count()).toBe(0);

    await owner.getByRole('link', { name: 'Credential Setup' }).click();
    await owner.waitForURL(/\/credential$/);
    await owner.getByRole('heading', { name: 'Set Credentials' }).waitFor();
    await ownerBanner.waitFor();

    // A new token through Credential Setup: connected again, the banners go.
    await sandbox('POST', '/_sandbox/tokens', { token: 'e2e-fresh-token', wabaIds: [DEMO.wabaId] });
    await owner.getByLabel('WABA ID').fill(DEMO.wabaId);
    await owner.getByLabel('Phone Number ID').fill(DEMO.phoneNumberId);
    await owner.getByLabel('Token').fill('e2e-fresh-token');
    await owner.getByRole('button', { name: 'Save Credentials' }).click();
    await ownerBanner.waitFor({ state: 'detached', timeout: 20_000 });
    await agent.getByText('WhatsApp is disconnected').waitFor({ state: 'detached', timeout: 20_000 });
    await receivedByCustomer(MARIA.digits, 'Held');
  });
});
