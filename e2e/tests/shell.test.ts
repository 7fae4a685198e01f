import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { leaveBrowser, sharedBrowser, newPage } from '../support/browser';
import { navigateInApp } from '../support/navigate';
import { signInAs } from '../support/session';
import { startStack, type Stack } from '../support/stack';

// The shell boots from /remotes.json and mounts remote pages as parcels; a broken remote stays contained.
describe('shell', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack({ ownDeployments: true, seedDemo: true });
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await leaveBrowser();
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

  it('loads every module once in a session that opens a page of every remote', async () => {
    const { page, errors, context } = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await signInAs(page, stack.baseUrl, 'owner@parley.test', 'parley-owner');
    scripts.length = 0; // from here on, one page load
    await page.goto(`${stack.baseUrl}/main`);
    await page.locator('.remote-outlet:not([hidden])').first().waitFor();
    // Client-side navigation, as the side menu does it: the page (and its federation state) stays.
    // Each page waited for by its remote's container: the previous page's outlet can still be the one shown.
    const pages = [
      ['/contacts', 'remote_library'],
      ['/users', 'remote_admin'],
      ['/profile', 'remote_admin'],
      ['/terms-of-service', 'remote_auth'],
    ];
    for (const [route, container] of pages) {
      await navigateInApp(page, route);
      await page.waitForURL(`**${route}`);
      await page.waitForFunction(
        (name) =>
          ((globalThis as any).__FEDERATION__?.__INSTANCES__ ?? []).some((instance: any) => instance.name === name),
        container,
      );
      await page.locator('.remote-outlet:not([hidden])').first().waitFor();
    }
    const federation = await page.evaluate(() => {
      const global = globalThis as any;
      const instances: any[] = global.__FEDERATION__?.__INSTANCES__ ?? [];
      // Every shared package (react, antd, @parley/shared…): the versions some container loaded.
      const loaded: Record<string, string[]> = {};
      for (const scope of Object.values<any>(global.__FEDERATION__?.__SHARE__ ?? {})) {
        for (const [name, versions] of Object.entries<any>(scope.default ?? {})) {
          for (const [version, info] of Object.entries<any>(versions)) {
            if (info.loaded || info.loading) (loaded[name] ??= []).push(`${version}@${info.from}`);
            // antd's trimmed copy (Module Federation shared tree-shaking) is recorded beside the full one.
            const trimmed = info.treeShaking;
            if (trimmed?.loaded || trimmed?.loading)
              (loaded[name] ??= []).push(`${version}@${trimmed.from ?? info.from}`);
          }
        }
      }
      return {
        containers: instances.map((instance) => instance.name).sort(),
        // One runtime: every container is an instance of the same class, the one the shell provides.
        runtimes: new Set(instances.map((instance) => instance.constructor)).size,
        providedBy: global._FEDERATION_RUNTIME_CORE_FROM?.name,
        loaded,
      };
    });
    expect(federation.containers).toEqual(['remote_admin', 'remote_auth', 'remote_inbox', 'remote_library', 'shell']);
    expect(federation.runtimes).toBe(1);
    expect(federation.providedBy).toBe('shell');
    for (const name of ['react', 'react-dom', 'antd', '@parley/shared', 'nanostores', 'i18next', 'react-i18next']) {
      expect([name, federation.loaded[name]]).toEqual([name, [expect.stringMatching(/@shell$/)]]);
    }
    for (const [name, versions] of Object.entries(federation.loaded))
      expect([name, versions.length]).toEqual([name, 1]);
    const twice = scripts.filter((url, index) => scripts.indexOf(url) !== index);
    expect(twice).toEqual([]);
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
    // A real session: a tokenless one is rightly reset by the first API answer (401).
    await signInAs(page, stack.baseUrl, 'agent@parley.test', 'parley-agent');
    await page.goto(`${stack.baseUrl}/contacts`);
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await page.getByText('Contact List').waitFor(); // the side menu still works

    fs.renameSync(`${manifest}.away`, manifest);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('button', { name: 'Retry' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('renders the API reference at /api/docs from the generated OpenAPI document', async () => {
    const { page, errors, context } = await newPage(browser);
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(`${stack.baseUrl}/api/docs`);
    await page.getByRole('heading', { name: /Parley API/ }).waitFor();
    // Operations of the route table are listed, grouped by tag.
    await page.locator('[data-path="/api/conversations/{id}/status"]').first().waitFor();
    await page.locator('[data-path="/auth/login"]').first().waitFor();
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
