import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { startStack, type Stack } from '../support/stack';

// The shell boots from /remotes.json and mounts remote pages as parcels; a broken remote stays contained.
describe('shell', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack({ ownDeployments: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows the login page from remote-auth at /', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${stack.baseUrl}/`);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    // One React for the whole page: the shell's copy is the only one loaded.
    const loadedReacts = await page.evaluate(() => {
      const scopes = (globalThis as any).__FEDERATION__?.__SHARE__ ?? {};
      const versions = new Set<string>();
      for (const scope of Object.values<any>(scopes)) {
        for (const [version, info] of Object.entries<any>(scope.default?.react ?? {})) {
          if (info.loaded || info.loading) versions.add(`${version}@${info.from}`);
        }
      }
      return [...versions];
    });
    expect(loadedReacts).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends an unauthenticated visitor of /main to /login', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${stack.baseUrl}/main`);
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await context.close();
  });

  it('shows 404 Page Not Found for an unknown path', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${stack.baseUrl}/no-such-page`);
    await page.getByText('404 Page Not Found').waitFor();
    await context.close();
  });

  it('keeps working when remote-library cannot be loaded, and offers Retry', async () => {
    const pointer = JSON.parse(fs.readFileSync(path.join(stack.deploymentsDir, 'remotes.json'), 'utf8'));
    const live = pointer.remotes['remote-library'].live;
    const manifest = path.join(stack.deploymentsDir, 'remote-library', live, 'mf-manifest.json');
    fs.renameSync(manifest, `${manifest}.away`);
    // Only this remote is unreachable: its history has no earlier version to fall back to.
    pointer.remotes['remote-library'].history = [{ version: live }];
    fs.writeFileSync(path.join(stack.deploymentsDir, 'remotes.json'), JSON.stringify(pointer));

    const { page, context } = await newPage(browser);
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    // Pretend a signed-in session so the guard lets us reach the library route.
    await page.evaluate(() =>
      localStorage.setItem(
        'parley',
        JSON.stringify({
          version: 1,
          session: { isAuthenticated: true, lastLoginDate: null, isOwner: false },
          onlineUserIds: [],
          profile: null,
          assets: [],
        }),
      ),
    );
    await page.goto(`${stack.baseUrl}/contacts`);
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await page.getByText('Contact List').waitFor(); // the side menu still works

    fs.renameSync(`${manifest}.away`, manifest);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('button', { name: 'Retry' }).waitFor({ state: 'detached' });
    await context.close();
  });
});
