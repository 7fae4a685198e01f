import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { inboxSuite, row } from '../support/inbox-suite';
import { cuttableRealtime } from '../support/realtime-cut';

// Resilience in the browser (docs/reliability.md): the app recovers with nothing missed.
// - the socket is cut for 30 s while customers write → after it reconnects, the list and the open chat show it all;
// - a proxy refuses WebSockets → the socket falls back to long-polling and messages still arrive live;
// - the session token expires mid-session → the next call sends the page to /login with the session cleared.
// A remote that cannot be loaded is covered by shell.test.ts ("keeps working when remote-library cannot be loaded").
const AGENT = { email: 'agent@parley.test', password: 'parley-agent' };
const JWT_SECRET = 'e2e-resilience-secret-e2e-resilience-secret';
const OUTAGE_MS = 30_000;

describe('resilience', () => {
  const suite = inboxSuite({ env: { JWT_SECRET } });
  const { newCustomer, customerSays } = suite;
  const apiToken = () => suite.apiToken(AGENT);

  /** Waits until the server has stored `texts` for the customer (so the page could only have missed them). */
  async function storedOnServer(digits: string, texts: string[]): Promise<void> {
    const token = await apiToken();
    const headers = { authorization: `Bearer ${token}` };
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const list = (await (
        await fetch(`${suite.stack.baseUrl}/api/conversations?q=${digits}`, { headers })
      ).json()) as {
        list: Array<{ id: string }>;
      };
      if (list.list[0]) {
        const detail = (await (
          await fetch(`${suite.stack.baseUrl}/api/conversations/${list.list[0].id}`, { headers })
        ).json()) as {
          messages: Array<{ content: { text?: string } }>;
        };
        if (texts.every((text) => detail.messages.some((m) => m.content.text === text))) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the server did not store ${texts.join(', ')}`);
  }

  const open = () => suite.page();

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${suite.stack.baseUrl}/login`);
    await page.getByLabel('Email', { exact: true }).fill(AGENT.email);
    await page.getByLabel('Password', { exact: true }).fill(AGENT.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/main$/);
    await page.getByRole('heading', { name: 'Conversations' }).waitFor();
  }

  const bubble = (page: Page, text: string) => page.locator('.inbox-message', { hasText: text });

  it('shows every message that arrived while the socket was cut for 30 s, in the list and the open chat', async () => {
    const page = await open();
    const network = await cuttableRealtime(page);

    const regular = newCustomer('Rosa');
    const newcomer = newCustomer('Nuno');
    await customerSays(regular, 'Before the outage');
    await signIn(page);
    await row(page, regular.name).getByRole('button', { name: 'Chat' }).click();
    await bubble(page, 'Before the outage').waitFor();

    // The network drops: the open socket dies and every reconnection attempt fails for 30 s.
    const cutAt = Date.now();
    await network.cut();
    const during = ['Are you there?', 'My order has not arrived', 'Order number 4411'];
    // One after the other, as a customer types them: the sandbox, like Meta, posts each webhook on its own with no
    // order between them, and texts of one second are ordered by when each was stored (docs/api.md, "Messages are
    // in the conversation's order"), so only texts stored in turn have an order the page must keep (a run on a
    // loaded machine got the second after the third).
    for (const text of during) {
      await customerSays(regular, text);
      await storedOnServer(regular.digits, [text]);
    }
    await customerSays(newcomer, 'Hello, first time here');
    await storedOnServer(newcomer.digits, ['Hello, first time here']);
    // The page really missed them (nothing else carried them in).
    expect(await bubble(page, 'Order number 4411').count()).toBe(0);
    expect(await row(page, newcomer.name).count()).toBe(0);
    await page.waitForTimeout(Math.max(0, OUTAGE_MS - (Date.now() - cutAt)));
    expect(await bubble(page, 'Order number 4411').count()).toBe(0);

    // The network is back: the socket reconnects by itself and the page catches up.
    network.restore();
    for (const text of during) await bubble(page, text).waitFor({ timeout: 30_000 });
    await row(page, newcomer.name).waitFor();
    const texts = await page.locator('.inbox-message').allTextContents();
    const order = during.map((text) => texts.findIndex((shown) => shown.includes(text)));
    expect(order).toEqual([...order].sort((x, y) => x - y));
    // Each shown once, and the socket works again: a new message arrives live.
    for (const text of during) expect(await bubble(page, text).count()).toBe(1);
    await customerSays(regular, 'Back online?');
    await bubble(page, 'Back online?').waitFor();
  });

  it('gets messages live over long-polling when a proxy refuses WebSockets', async () => {
    const page = await open();
    // Every WebSocket the page opens is closed before it carries anything, as by a proxy that refuses them.
    let refused = 0;
    await page.routeWebSocket(/\/socket\.io\//, (socket) => {
      refused += 1;
      void socket.close({ code: 1006, reason: 'refused by the proxy' });
    });
    const customer = newCustomer('Paula');
    await customerSays(customer, 'Behind a strict proxy');
    await signIn(page);
    await row(page, customer.name).getByRole('button', { name: 'Chat' }).click();
    await bubble(page, 'Behind a strict proxy').waitFor();
    await customerSays(customer, 'Still reaching you?');
    await bubble(page, 'Still reaching you?').waitFor({ timeout: 30_000 });
    expect(refused).toBeGreaterThan(0);
  });

  it('sends the page to /login with the session cleared when the token expires mid-session', async () => {
    const page = await open();
    await signIn(page);
    const cookies = await page.context().cookies();
    const token = cookies.find((cookie) => cookie.name === 'token');
    expect(token).toBeDefined();

    // The same session, as the server signed it, but expiring in a few seconds (the server's own secret).
    const [, payload] = token!.value.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const expiresAt = Math.floor(Date.now() / 1000) + 4;
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ ...claims, exp: expiresAt })).toString('base64url');
    const signature = crypto.createHmac('sha256', JWT_SECRET).update(`${header}.${body}`).digest('base64url');
    // Kept by the browser past its expiry (a session cookie), so the server is the one to refuse it.
    await page.context().addCookies([
      {
        name: 'token',
        value: `${header}.${body}.${signature}`,
        url: suite.stack.baseUrl,
        secure: true,
        sameSite: 'Strict',
      },
    ]);
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByText(AGENT.email).first().waitFor();

    await page.waitForTimeout(Math.max(0, expiresAt * 1000 - Date.now() + 1500));
    await page.getByRole('menuitem', { name: 'Contact List' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    const state = await page.evaluate(() => JSON.parse(localStorage.getItem('parley') ?? 'null'));
    expect(state === null || (state.session.isAuthenticated === false && state.profile === null)).toBe(true);
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();
  });
});
