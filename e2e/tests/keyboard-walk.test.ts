import type { Page } from 'playwright-core';
import { DEMO_LOGINS } from '../../server/src/seed/demo-logins';
import { chatHeader, composerBox, emptied, inboxSuite, row } from '../support/inbox-suite';

// Issue 22, accessibility: the dashboard works from the keyboard alone. A whole shift's basics — sign in, open a
// conversation, reply, close it, switch tab, open and dismiss a dialog — with page.keyboard only (no click), and at
// every step focus is somewhere that says what it is and shows that it has focus.

/** What the focused element is, as assistive technology and a sighted keyboard user see it. */
interface Focused {
  tag: string;
  role: string;
  name: string;
  /** A focus ring: an outline or a box-shadow drawn while it has focus. */
  visible: boolean;
  inDialog: boolean;
  /** aria-selected, on a tab. */
  selected: boolean;
  rowName: string | null;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return { tag: 'body', role: '', name: '', visible: false, inDialog: false, selected: false, rowName: null };
    }
    // A field inside one of antd's wrappers (password, search) shows its ring on the wrapper.
    const ringed = [element, element.closest('.ant-input-affix-wrapper, .ant-select, .ant-input-number, .ant-picker')];
    const ring = (part: Element | null) => {
      if (!part) return false;
      const style = getComputedStyle(part);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
    };
    const labelledBy = element.getAttribute('aria-labelledby');
    const name =
      element.getAttribute('aria-label') ??
      (labelledBy ? (document.getElementById(labelledBy)?.textContent ?? '') : '');
    const label = (element as HTMLInputElement).labels?.[0]?.textContent ?? '';
    return {
      tag: element.tagName.toLowerCase(),
      role: element.getAttribute('role') ?? '',
      name: (name || label || element.textContent || (element as HTMLInputElement).placeholder || '').trim(),
      visible: ringed.some(ring),
      inDialog: !!element.closest('[role="dialog"]'),
      selected: element.getAttribute('aria-selected') === 'true',
      rowName: element.closest('[role="listitem"]')?.getAttribute('aria-label') ?? null,
    };
  });
}

/** Presses `key` until focus lands where `wanted` says (a keyboard user tabbing along); what has focus then. */
async function pressUntil(page: Page, key: string, wanted: (now: Focused) => boolean, what: string) {
  const passed: string[] = [];
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (wanted(now)) return now;
    passed.push(`${now.tag}[${now.role}] ${now.name.slice(0, 30)}`);
  }
  throw new Error(`${key} never reached ${what}; focus went through: ${passed.join(' | ')}`);
}

/** Waits until focus is where `wanted` says (focus may move a frame after the key); what has focus then. */
async function focusSettles(page: Page, wanted: (now: Focused) => boolean, what: string) {
  let now = await focused(page);
  for (let attempt = 0; attempt < 100 && !wanted(now); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    now = await focused(page);
  }
  if (!wanted(now)) throw new Error(`focus is not on ${what} but on ${JSON.stringify(now)}`);
  return now;
}

describe('keyboard-only walk', () => {
  const suite = inboxSuite();

  it('signs in, opens a conversation, replies, closes it, switches tab and dismisses a dialog without a click', async () => {
    const customer = suite.newCustomer('Keyboard Customer');
    await suite.customerSays(customer, 'Can I pay by card?');
    const login = DEMO_LOGINS.agent;
    const page = await suite.page({ width: 1280, height: 800 });

    // Sign in: Tab to the email field, type, Tab to the password, type, Enter.
    await page.goto(`${suite.stack.baseUrl}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    const email = await pressUntil(page, 'Tab', (now) => now.tag === 'input' && /email/i.test(now.name), 'the email');
    expect(email.visible).toBe(true);
    await page.keyboard.type(login.email);
    const password = await pressUntil(
      page,
      'Tab',
      (now) => now.tag === 'input' && /password/i.test(now.name),
      'the password',
    );
    expect(password.visible).toBe(true);
    await page.keyboard.type(login.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/main/);
    await row(page, customer.name).waitFor();

    // The list: Tab reaches the customer's row, which says it opens their chat; Enter opens it.
    const onRow = await pressUntil(page, 'Tab', (now) => now.rowName === customer.name, `${customer.name}'s row`);
    expect(onRow.visible).toBe(true);
    expect(onRow.role === 'button' || onRow.tag === 'button').toBe(true);
    await page.keyboard.press('Enter');
    await chatHeader(page).getByRole('heading', { name: customer.name }).waitFor();
    // Focus stays where the agent was (not thrown back to the page's start).
    const afterOpen = await focused(page);
    expect(afterOpen.tag).not.toBe('body');

    // Reply: Tab on to the message box, type, Enter sends; the customer receives it.
    const box = await pressUntil(page, 'Tab', (now) => now.name === 'Message', 'the message box');
    expect(box.visible).toBe(true);
    await page.keyboard.type('Yes, every card.');
    await page.keyboard.press('Enter');
    await suite.receivedByCustomer(customer.digits, (message) => message.payload?.text?.body === 'Yes, every card.');
    await emptied(composerBox(page));

    // The customer answers while the chat is open: a polite live region says so once, the newest message only.
    const announcer = page.locator('[data-testid="chat-announcer"]');
    await suite.customerSays(customer, 'Great, thanks');
    await announcer.filter({ hasText: 'New message: Great, thanks' }).waitFor({ state: 'attached' });
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    expect(await announcer.textContent()).toBe('New message: Great, thanks');
    expect(await page.getByRole('log', { name: 'Messages' }).getAttribute('aria-live')).toBe('off');

    // Close it: Shift+Tab back to the header's Close and Space.
    const close = await pressUntil(page, 'Shift+Tab', (now) => now.name === 'Close', 'Close');
    expect(close.visible).toBe(true);
    await page.keyboard.press('Space');
    await chatHeader(page).getByText('Closed', { exact: true }).waitFor();
    await row(page, customer.name).waitFor({ state: 'detached' });
    // Focus is not lost to the page's start: the keyboard user carries on from the chat.
    const afterClose = await focusSettles(page, (now) => now.tag !== 'body', 'an element of the dashboard');
    expect(afterClose.visible).toBe(true);

    // Switch tab: to the Active tab, arrow right to Closed, which shows the conversation just closed.
    const active = await pressUntil(page, 'Shift+Tab', (now) => now.role === 'tab', 'the list tabs');
    expect(active.visible).toBe(true);
    expect(active.name).toMatch(/Active/);
    await page.keyboard.press('ArrowRight');
    let onTab = await focused(page);
    expect(onTab.role).toBe('tab');
    expect(onTab.name).toMatch(/Closed/);
    expect(onTab.visible).toBe(true);
    // Arrows move between tabs; Enter (if the arrow only moved focus) shows the one with focus.
    if (!onTab.selected) await page.keyboard.press('Enter');
    onTab = await focusSettles(page, (now) => now.selected, 'the selected Closed tab');
    expect(onTab.name).toMatch(/Closed/);
    await row(page, customer.name).waitFor();

    // A dialog: ? opens the keyboard shortcuts with focus inside; Escape closes it and focus comes back.
    const before = await pressUntil(page, 'Tab', (now) => now.rowName === customer.name, `${customer.name}'s row`);
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    await focusSettles(page, (now) => now.inDialog, 'the dialog');
    // Tab stays inside the dialog, on its buttons, ringed.
    const inDialog = await pressUntil(page, 'Tab', (now) => now.tag === 'button', 'a button of the dialog');
    expect(inDialog.inDialog).toBe(true);
    expect(inDialog.visible).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const back = await focusSettles(
      page,
      (now) => now.rowName === before.rowName && now.name === before.name,
      'the row it was on',
    );
    expect(back.visible).toBe(true);
  });
  it('on a 390 px phone: opens and closes the menu drawer with Escape, opens a chat and goes back, focus returning each time', async () => {
    const customer = suite.newCustomer('Phone Keyboard');
    await suite.customerSays(customer, 'Are you open on Sunday?');
    const page = await suite.signedIn(DEMO_LOGINS.agent, { viewport: { width: 390, height: 844 } });
    await row(page, customer.name).waitFor();

    // The side menu is a drawer behind the top bar's Menu button: Enter opens it with focus inside, Escape closes
    // it and focus is back on the button.
    const menuButton = await pressUntil(page, 'Tab', (now) => now.name === 'Menu', 'the Menu button');
    expect(menuButton.visible).toBe(true);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
    // antd focuses the drawer's panel; the next Tab is on the menu inside it, not on the page behind.
    await page.keyboard.press('Tab');
    await focusSettles(page, (now) => now.inDialog, 'the menu drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await focusSettles(page, (now) => now.name === 'Menu', 'the Menu button');

    // The list fills the screen: Tab to the row, Enter opens the chat in its place; its Back button (reached
    // with Shift+Tab from the message box) brings the list back, with focus on the row that was opened.
    await pressUntil(page, 'Tab', (now) => now.rowName === customer.name, `${customer.name}'s row`);
    await page.keyboard.press('Enter');
    await chatHeader(page).getByRole('heading', { name: customer.name }).waitFor();
    await focusSettles(page, (now) => now.tag !== 'body', 'an element of the chat');
    await pressUntil(page, 'Tab', (now) => now.name === 'Message', 'the message box');
    const back = await pressUntil(page, 'Shift+Tab', (now) => now.name === 'Back to conversations', 'Back');
    expect(back.visible).toBe(true);
    await page.keyboard.press('Enter');
    await row(page, customer.name).waitFor();
    const onRow = await focusSettles(page, (now) => now.rowName === customer.name, `${customer.name}'s row`);
    expect(onRow.visible).toBe(true);
  });
});
