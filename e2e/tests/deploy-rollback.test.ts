import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
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
  const ops = (script: string, ...args: string[]) =>
    spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], {
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
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signInAs(page, stack.baseUrl, owner.email, owner.password);
  });
  afterAll(async () => {
    await browser?.close();
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

  it('falls back to the previous version on its own when the live entry cannot be loaded', async () => {
    expect(ops('rollback', 'remote-inbox', '--to', 'e2e-v2').status).toBe(0);
    await showsLabel('v2');
    fs.writeFileSync(
      path.join(stack.deploymentsDir, 'remote-inbox/e2e-v2/remoteEntry.js'),
      'throw new Error("corrupt entry")',
    );
    fs.rmSync(path.join(stack.deploymentsDir, 'remote-inbox/e2e-v2/mf-manifest.json'));
    // A visitor whose browser has not cached v2 (immutable files stay cached where they once loaded).
    ({ page } = await newPage(browser));
    await signInAs(page, stack.baseUrl, owner.email, owner.password);
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await showsLabel('v1');
    expect(warnings.join('\n')).toMatch(/remote_inbox e2e-v2 failed to load[\s\S]*using e2e-v1/);
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
