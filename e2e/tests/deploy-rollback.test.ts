import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { leaveBrowser, sharedBrowser, newPage } from '../support/browser';
import { signInAs } from '../support/session';
import { ROOT, startStack, type Stack } from '../support/stack';

const { DEMO_LOGINS } = require('../../server/dist/seed/demo-logins.js');
const owner = DEMO_LOGINS.owner;

const EMPTY_CHAT_TEXT = 'Select a conversation to start chatting.';

/** A copy of remote-inbox's build whose empty-chat text carries a visible label. */
function labelledBuild(dir: string, label: string): string {
  const target = path.join(dir, `inbox-${label}`);
  fs.cpSync(path.join(ROOT, 'remote-inbox/dist'), target, { recursive: true });
  let patched = 0;
  for (const name of fs.readdirSync(target).filter((n) => n.endsWith('.js'))) {
    const file = path.join(target, name);
    const source = fs.readFileSync(file, 'utf8');
    if (source.includes(EMPTY_CHAT_TEXT)) {
      fs.writeFileSync(file, source.split(EMPTY_CHAT_TEXT).join(`${EMPTY_CHAT_TEXT} [${label}]`));
      patched += 1;
    }
  }
  if (!patched) throw new Error('remote-inbox build has no empty-chat text to label');
  return target;
}

function hashTree(dir: string): string {
  const hash = crypto.createHash('sha256');
  const walk = (folder: string) => {
    for (const name of fs.readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else hash.update(full).update(fs.readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

describe('deploying and rolling back one remote', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  // Deploys here skip the smoke run (deploy-guard.test.ts covers it): these tests are about what browsers load.
  const ops = (script: string, ...args: string[]) =>
    spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args, ...(script === 'deploy' ? ['--skip-smoke'] : [])], {
      cwd: ROOT,
      env: { ...process.env, DEPLOYMENTS_DIR: stack.deploymentsDir },
      encoding: 'utf8',
    });
  const pointer = () => JSON.parse(fs.readFileSync(path.join(stack.deploymentsDir, 'remotes.json'), 'utf8'));
  const showsLabel = async (label: string) => {
    await page.goto(`${stack.baseUrl}/main`);
    await page.getByText(`${EMPTY_CHAT_TEXT} [${label}]`).waitFor({ timeout: 30_000 });
  };

  beforeAll(async () => {
    stack = await startStack({ ownDeployments: true, seedDemo: true });
    browser = await sharedBrowser();
    ({ page } = await newPage(browser));
    await signInAs(page, stack.baseUrl, owner.email, owner.password);
  });
  afterAll(async () => {
    await leaveBrowser();
    await stack?.stop();
  });

  it('deploys v1 then v2, shows v2, rolls back to v1 and leaves the other remotes untouched', async () => {
    const others = ['remote-auth', 'remote-library', 'remote-admin'].map((r) => path.join(stack.deploymentsDir, r));
    const before = others.map(hashTree);
    const othersLive = () => ['remote-auth', 'remote-library', 'remote-admin'].map((r) => pointer().remotes[r].live);
    const liveBefore = othersLive();

    expect(
      ops('deploy', 'remote-inbox', '--version', 'e2e-v1', '--from', labelledBuild(stack.dataDir, 'v1')).status,
    ).toBe(0);
    expect(
      ops('deploy', 'remote-inbox', '--version', 'e2e-v2', '--from', labelledBuild(stack.dataDir, 'v2')).status,
    ).toBe(0);
    await showsLabel('v2');

    const again = ops('deploy', 'remote-inbox', '--version', 'e2e-v2', '--from', labelledBuild(stack.dataDir, 'v2b'));
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain('immutable');

    const rollback = ops('rollback', 'remote-inbox');
    expect(rollback.status).toBe(0);
    expect(pointer().remotes['remote-inbox'].live).toBe('e2e-v1');
    await showsLabel('v1');

    expect(others.map(hashTree)).toEqual(before);
    expect(othersLive()).toEqual(liveBefore);
    expect(ops('releases', 'remote-inbox').stdout).toMatch(/\* live\s+e2e-v1/);
  });

  it('pins a version for one browser only, with a badge, until the pin is cleared', async () => {
    expect(ops('rollback', 'remote-inbox', '--to', 'e2e-v2').status).toBe(0);
    const pinned = await newPage(browser);
    await signInAs(pinned.page, stack.baseUrl, owner.email, owner.password);
    const other = await newPage(browser);
    await signInAs(other.page, stack.baseUrl, owner.email, owner.password);
    const badge = (p: Page) => p.getByRole('status', { name: 'Version override' });

    await pinned.page.goto(`${stack.baseUrl}/main?override=remote-inbox@e2e-v1`);
    await pinned.page.getByText(`${EMPTY_CHAT_TEXT} [v1]`).waitFor({ timeout: 30_000 });
    await badge(pinned.page).getByText('Override: remote-inbox e2e-v1').waitFor();
    expect(new URL(pinned.page.url()).search).toBe('');
    await pinned.page.goto(`${stack.baseUrl}/main`); // the pin stays for this browser
    await pinned.page.getByText(`${EMPTY_CHAT_TEXT} [v1]`).waitFor({ timeout: 30_000 });

    await other.page.goto(`${stack.baseUrl}/main`);
    await other.page.getByText(`${EMPTY_CHAT_TEXT} [v2]`).waitFor({ timeout: 30_000 });
    expect(await badge(other.page).count()).toBe(0);

    await badge(pinned.page).getByRole('button', { name: 'Clear overrides' }).click();
    await pinned.page.getByText(`${EMPTY_CHAT_TEXT} [v2]`).waitFor({ timeout: 30_000 });
    expect(await badge(pinned.page).count()).toBe(0);
    await pinned.context.close();
    await other.context.close();
  });

  it('falls back to the previous version, and only its code, when the live entry is corrupt; ops see it', async () => {
    expect(pointer().remotes['remote-inbox'].live).toBe('e2e-v2');
    // The entry is broken, its manifest intact: the runtime starts the page's chunks of e2e-v2 beside the entry.
    fs.writeFileSync(
      path.join(stack.deploymentsDir, 'remote-inbox/e2e-v2/remoteEntry.js'),
      'throw new Error("corrupt entry")',
    );
    // A visitor whose browser has not cached v2 (immutable files stay cached where they once loaded).
    ({ page } = await newPage(browser));
    await signInAs(page, stack.baseUrl, owner.email, owner.password);
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    const reported = page.waitForResponse((response) => response.url().endsWith('/api/client-reports'), {
      timeout: 60_000,
    });
    await showsLabel('v1');
    expect(await page.getByText(`${EMPTY_CHAT_TEXT} [v2]`).count()).toBe(0);
    expect(warnings.join('\n')).toMatch(/remote_inbox e2e-v2 failed to load[\s\S]*using e2e-v1/);

    // The shell reported it: one structured log line, and `releases` counts it against e2e-v2.
    expect((await reported).status()).toBe(204);
    expect(stack.logs()).toMatch(/"clientReport":\{"kind":"fallback","remote":"remote-inbox","version":"e2e-v2"/);
    expect(ops('releases', 'remote-inbox').stdout).toMatch(/e2e-v2\s+\S+\s+1\/1\s+1\/1\s+0\/0/);
  });

  it('refuses a deploy that needs a @parley/shared the live shell cannot satisfy, and keeps the live version', async () => {
    const build = labelledBuild(stack.dataDir, 'v3');
    const manifestFile = path.join(build, 'mf-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    for (const shared of manifest.shared) if (shared.name === '@parley/shared') shared.requiredVersion = '^9.0.0';
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const liveBefore = pointer().remotes['remote-inbox'].live;
    const refused = ops('deploy', 'remote-inbox', '--version', 'e2e-v3', '--from', build);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('needs @parley/shared ^9.0.0');
    expect(pointer().remotes['remote-inbox'].live).toBe(liveBefore);
    expect(fs.existsSync(path.join(stack.deploymentsDir, 'remote-inbox/e2e-v3'))).toBe(false);
  });
});
