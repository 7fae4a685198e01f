import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { shownBriefly } from '../support/brief-text';
import { leaveBrowser, sharedBrowser, PagePool, type OpenedPage } from '../support/browser';
import { testFailed } from '../support/failure-report';
import { holdRequests } from '../support/hold-requests';
import { latestCode } from '../support/outbox';
import { signInAs } from '../support/session';
import { startStack, type Stack } from '../support/stack';

const PROFILE_MESSAGE = '[data-testid="profile-message"]';

// Accounts in the browser against the real server (docs/product-rules.md#sign-in, #admin): sign-up, verification, sign-in, password reset, profile,
// and what a refused token does to the client.
describe('accounts', () => {
  let stack: Stack;
  let browser: Browser;
  let pool: PagePool;
  let serial = 0;

  beforeAll(async () => {
    stack = await startStack();
    browser = await sharedBrowser();
    pool = new PagePool(browser, () => `${stack.baseUrl}/healthz`);
  });
  afterEach(async () => {
    await pool.release(!testFailed());
  });
  afterAll(async () => {
    await pool?.close();
    await leaveBrowser();
    await stack?.stop();
  });

  const open = (): Promise<OpenedPage> => pool.take();

  const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++serial}@example.test`;

  function mailsTo(email: string): number {
    return fs
      .readdirSync(stack.outboxDir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(fs.readFileSync(path.join(stack.outboxDir, name), 'utf8')) as { to: string })
      .filter((mail) => mail.to.toLowerCase() === email.toLowerCase()).length;
  }

  /** The code of the next mail to `email` (mails already there when called are not taken). */
  async function nextCode(email: string, before: number): Promise<string> {
    const deadline = Date.now() + 10_000;
    while (mailsTo(email) <= before) {
      if (Date.now() > deadline) throw new Error(`no new mail to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return latestCode(stack.outboxDir, email);
  }

  async function call(pathname: string, body: unknown): Promise<{ status: number; data: Record<string, unknown> }> {
    const response = await fetch(`${stack.baseUrl}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, data: (await response.json()) as Record<string, unknown> };
  }

  /** A verified owner made through the API, for the tests that start after sign-up. */
  async function verifiedOwner(fullName: string, password = 'first-secret') {
    const email = uniqueEmail(fullName.split(' ')[0].toLowerCase());
    const before = mailsTo(email);
    const registered = await call('/auth/register', {
      fullName,
      title: 'Owner',
      email,
      password,
      confirmPassword: password,
    });
    expect(registered.status).toBe(201);
    const verified = await call('/auth/verify', { code: await nextCode(email, before) });
    expect(verified.status).toBe(200);
    return { email, password, fullName };
  }

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
  }

  function persisted(page: Page) {
    return page.evaluate(() => {
      const raw = localStorage.getItem('parley');
      return raw
        ? (JSON.parse(raw) as { session: { isAuthenticated: boolean }; profile: { fullName: string } | null })
        : null;
    });
  }

  /**
   * Holds back every script whose text contains `marker` until the returned function is called: what a slow
   * download of that chunk looks like to the page.
   */
  async function holdScripts(page: Page, marker: string): Promise<() => Promise<void>> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*.js', async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes(marker)) await released;
      await route.fulfill({ response });
    });
    return async () => {
      release();
      await page.unrouteAll({ behavior: 'wait' });
    };
  }

  /** Calls the API the way the client does (bearer from the token cookie): proves the session is usable. */
  function profileWithStoredToken(page: Page): Promise<{ status: number; fullName?: string }> {
    // No async/await inside: the test is compiled for Node and the callback must run as written in the page.
    return page.evaluate(() => {
      const token = document.cookie
        .split('; ')
        .find((part) => part.startsWith('token='))
        ?.slice('token='.length);
      if (!token) return Promise.resolve({ status: 0 });
      return fetch('/api/user/profile', { headers: { Authorization: `Bearer ${token}` } }).then((response) =>
        response.json().then((body: { fullName?: string }) => ({ status: response.status, fullName: body.fullName })),
      );
    });
  }

  it('signs up, verifies with the mailed code, is sent to /login after 2 s and signs in to /main', async () => {
    const { page, context, errors } = await open();
    const email = uniqueEmail('ada');
    await page.goto(`${stack.baseUrl}/signup`);
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Title').fill('Founder');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('analytical-1843');
    await page.getByLabel('Confirm Password').fill('analytical-1843');
    // The meter gives its verdict once its estimator has loaded (lazily, seconds on a busy machine).
    await page.getByText(/^Password strength: /).waitFor();

    // The Terms link opens the public terms in a new tab.
    const [terms] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Terms of Service' }).click(),
    ]);
    await terms.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await terms.getByText('last updated 9/1/2022').waitFor();
    await terms.close();

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('You must agree to the Terms of Service').waitFor();
    expect(page.url()).toMatch(/\/signup$/);

    const before = mailsTo(email);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/verify\?email=/);
    // Says where the code went, and has the address ready for Resend.
    await page.getByText(`We emailed a verification code to ${email}.`).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    await page.getByLabel('Verification Code').fill(await nextCode(email, before));
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByText('Email verified successfully! Setup Credential').waitFor();
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Login' }).waitFor();

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('analytical-1843');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/main$/);

    expect(await profileWithStoredToken(page)).toEqual({ status: 200, fullName: 'Ada Lovelace' });
    const state = await persisted(page);
    expect(state?.session.isAuthenticated).toBe(true);
    expect(state?.profile?.fullName).toBe('Ada Lovelace');
    // The dashboard belongs to another remote; when it greets, it greets by the full name.
    await page.getByTestId('remote-loading').waitFor({ state: 'detached' });
    if (await page.getByText(/^Hello,/).count()) await page.getByText('Hello, Ada Lovelace').waitFor();

    // Signed in, the login page sends the user on to /main.
    await page.goto(`${stack.baseUrl}/login`);
    await page.waitForURL(/\/main$/);
    expect(errors).toEqual([]);
  });

  it('refuses a wrong password with the server message; a sign-up with a taken email looks like any other', async () => {
    const owner = await verifiedOwner('Grace Hopper');
    const { page } = await open();
    await signIn(page, owner.email, 'not-the-password');
    await page.getByText('Email or password is incorrect').waitFor();
    expect(page.url()).toMatch(/\/login$/);

    await page.goto(`${stack.baseUrl}/signup`);
    await page.getByLabel('Full Name').fill('Grace Again');
    await page.getByLabel('Title').fill('Admiral');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill('x');
    await page.getByLabel('Confirm Password').fill('x');
    await page.getByRole('checkbox').check();
    const before = mailsTo(owner.email);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // Nothing tells a visitor the address has an account: on to /verify as always; its owner gets a mail instead.
    await page.waitForURL(/\/verify\?email=/);
    const deadline = Date.now() + 10_000;
    while (mailsTo(owner.email) <= before) {
      if (Date.now() > deadline) throw new Error(`no mail to ${owner.email}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('resets a forgotten password and signs in with the new one', async () => {
    const owner = await verifiedOwner('Katherine Johnson');
    const { page } = await open();
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);

    const before = mailsTo(owner.email);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    const code = await nextCode(owner.email, before);

    await page.getByLabel('Verification Code').fill(code);
    await page.getByLabel('New Password', { exact: true }).fill('orbital-1962');
    await page.getByLabel('Confirm New Password').fill('orbital-1963');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();

    await page.getByLabel('Confirm New Password').fill('orbital-1962');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password reset successful!').waitFor();
    await page.getByRole('button', { name: 'Send Verification Code' }).waitFor();

    await page.getByRole('link', { name: 'Back to Login' }).click();
    await page.waitForURL(`${stack.baseUrl}/`);
    await signIn(page, owner.email, owner.password);
    await page.getByText('Email or password is incorrect').waitFor();
    await signIn(page, owner.email, 'orbital-1962');
    await page.waitForURL(/\/main$/);
  });

  it('keeps the profile page still while the profile comes: nothing moves under the pointer', async () => {
    // A page opened without the profile in storage (a bookmark, a new tab) shows its rows before the profile's
    // values; when they came, the buttons below moved 14 px down (docs/reliability.md, row 13).
    const owner = await verifiedOwner('Grace Hopper');
    const { page } = await open();
    const answer = await holdRequests(page, '**/api/user/profile');
    await signInAs(page, stack.baseUrl, owner.email, owner.password);
    await page.goto(`${stack.baseUrl}/profile`);
    const button = page.getByRole('button', { name: 'Change Password' });
    await button.waitFor();
    const before = await button.boundingBox();
    answer();
    await page.getByText(owner.email).waitFor();
    await page.getByRole('button', { name: 'Edit Profile', disabled: false }).waitFor();
    expect(await button.boundingBox()).toEqual(before);
  });

  it('edits the profile, refuses mismatched passwords without a call, and changes the password', async () => {
    const owner = await verifiedOwner('Hedy Lamarr');
    const { page } = await open();
    await signIn(page, owner.email, owner.password);
    await page.waitForURL(/\/main$/);
    await page.goto(`${stack.baseUrl}/profile`);
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await page.getByText(owner.email).waitFor();
    await page.getByText('owner', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Full Name').fill('Hedy Kiesler');
    await page.getByLabel('Account Name').fill('Frequency Hopping Ltd');
    await shownBriefly(page, PROFILE_MESSAGE, 'Profile updated successfully', () =>
      page.getByRole('button', { name: 'Save Changes' }).click(),
    );
    await page.getByText('Frequency Hopping Ltd').waitFor();
    // The success text clears itself after about a second.
    await page.getByTestId('profile-message').getByText('Profile updated successfully').waitFor({ state: 'detached' });

    await page.reload();
    await page.getByText('Hedy Kiesler').waitFor();
    await page.getByText('Frequency Hopping Ltd').waitFor();

    const passwordCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/change-password')) passwordCalls.push(request.method());
    });
    await page.getByRole('button', { name: 'Change Password' }).click();
    // The strength estimator (a large chunk) arrives after the typing, as on a busy machine: its verdict fills the
    // meter's place and moves nothing, so the button stays under the pointer.
    const releaseEstimator = await holdScripts(page, 'zxcvbn');
    await page.getByLabel('Current Password').fill(owner.password);
    await page.getByLabel('New Password').fill('spread-spectrum');
    await page.getByLabel('Confirm Password').fill('spread-spectrum-2');
    const submit = page.getByRole('button', { name: 'Change Password' });
    const before = await submit.boundingBox();
    await releaseEstimator();
    await page.getByText(/^Password strength: /).waitFor();
    expect(await submit.boundingBox()).toEqual(before);
    await shownBriefly(page, PROFILE_MESSAGE, 'Passwords do not match', () => submit.click());
    // Shown for about two seconds, then gone.
    await page.getByTestId('profile-message').getByText('Passwords do not match').waitFor({ state: 'detached' });
    expect(passwordCalls).toEqual([]);

    await page.getByLabel('Current Password').fill('wrong-current');
    await page.getByLabel('Confirm Password').fill('spread-spectrum');
    await shownBriefly(page, PROFILE_MESSAGE, 'Current password is incorrect', () => submit.click());

    await page.getByLabel('Current Password').fill(owner.password);
    await shownBriefly(page, PROFILE_MESSAGE, 'Password changed successfully', () => submit.click());
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();

    // The session goes on with the new token; the new password signs in.
    expect(await profileWithStoredToken(page)).toEqual({ status: 200, fullName: 'Hedy Kiesler' });
    const fresh = await open();
    await signIn(fresh.page, owner.email, 'spread-spectrum');
    await fresh.page.waitForURL(/\/main$/);
  });

  it('a forged token: the server refuses it and the client sends the user to /login with the stored state cleared', async () => {
    const owner = await verifiedOwner('Mary Jackson');
    const first = await open();
    await signIn(first.page, owner.email, owner.password);
    await first.page.waitForURL(/\/main$/);

    // A forged token: a valid-looking payload under someone else's signature.
    const cookies = await first.context.cookies();
    const token = cookies.find((cookie) => cookie.name === 'token');
    expect(token).toBeDefined();
    const [header, payload, signature] = token!.value.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url');
    await first.context.addCookies([{ ...token!, value: `${header}.${forgedPayload}.${signature}` }]);

    await first.page.goto(`${stack.baseUrl}/profile`);
    await first.page.waitForURL(/\/login$/);
    await first.page.getByRole('heading', { name: 'Login' }).waitFor();
    const state = await persisted(first.page);
    expect(state === null || (state.session.isAuthenticated === false && state.profile === null)).toBe(true);
    expect((await first.context.cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();
  });

  it('a token made useless by a password change elsewhere sends that session to /login, state cleared', async () => {
    const owner = await verifiedOwner('Dorothy Vaughan');
    const stale = await open();
    await signIn(stale.page, owner.email, owner.password);
    await stale.page.waitForURL(/\/main$/);

    const active = await open();
    await signIn(active.page, owner.email, owner.password);
    await active.page.waitForURL(/\/main$/);
    await active.page.goto(`${stack.baseUrl}/profile`);
    await active.page.getByRole('button', { name: 'Change Password' }).click();
    await active.page.getByLabel('Current Password').fill(owner.password);
    await active.page.getByLabel('New Password').fill('fortran-1961');
    await active.page.getByLabel('Confirm Password').fill('fortran-1961');
    await shownBriefly(active.page, PROFILE_MESSAGE, 'Password changed successfully', () =>
      active.page.getByRole('button', { name: 'Change Password' }).click(),
    );

    // The other browser's next call is refused: it ends up at /login with nothing of the session kept.
    await stale.page.getByRole('menuitem', { name: 'Profile' }).click();
    await stale.page.waitForURL(/\/login$/);
    const state = await persisted(stale.page);
    expect(state === null || (state.session.isAuthenticated === false && state.profile === null)).toBe(true);
  });
});
