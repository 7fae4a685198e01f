import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../support/stack';

const { previewDeployments } = require('../../scripts/lib/preview.cjs');

/**
 * A string the dashboard's own code passes while rendering (the conversation list's class name): swapped for a
 * throw, the page throws while rendering. (Not a text: texts sit in the catalogue, which the bundle keeps as JSON.)
 */
const RENDERED_LITERAL = JSON.stringify('inbox-scroll');

// Before a version goes live, deploy checks it against what is live: every shared singleton, the contract's version,
// and a smoke run in
// headless Chromium that opens each of its pages inside the live shell.
describe('the checks before a deploy goes live', () => {
  let dir: string;
  let deployments: string;
  const ops = (script: string, ...args: string[]) =>
    spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], {
      cwd: ROOT,
      env: { ...process.env, DEPLOYMENTS_DIR: deployments },
      encoding: 'utf8',
    });
  const live = () =>
    JSON.parse(fs.readFileSync(path.join(deployments, 'remotes.json'), 'utf8')).remotes['remote-inbox'].live;
  /** A copy of remote-inbox's build, changed by `patch` in every file that has the dashboard's rendered literal. */
  const patchedBuild = (label: string, patch: (source: string) => string) => {
    const target = path.join(dir, label);
    fs.cpSync(path.join(ROOT, 'remote-inbox/dist'), target, { recursive: true });
    let patched = 0;
    for (const name of fs.readdirSync(target).filter((n) => n.endsWith('.js'))) {
      const file = path.join(target, name);
      const source = fs.readFileSync(file, 'utf8');
      if (source.includes(RENDERED_LITERAL)) {
        fs.writeFileSync(file, patch(source));
        patched += 1;
      }
    }
    if (!patched) throw new Error(`remote-inbox build has no ${RENDERED_LITERAL}`);
    return target;
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-deploy-guard-'));
    deployments = path.join(dir, 'deployments');
    previewDeployments(deployments);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a remote that needs antd ^7 while the live shell provides 6', () => {
    const build = patchedBuild('icons-7', (source) => source);
    const manifestFile = path.join(build, 'mf-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    for (const shared of manifest.shared) if (shared.name === 'antd') shared.requiredVersion = '^7.0.0';
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const before = live();
    const refused = ops('deploy', 'remote-inbox', '--from', build, '--version', 'icons-7', '--skip-smoke');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/needs antd \^7\.0\.0, but the live shell provides 6\./);
    expect(live()).toBe(before);
    expect(fs.existsSync(path.join(deployments, 'remote-inbox', 'icons-7'))).toBe(false);
  });

  it('refuses a remote built against a @parley/contract major the server and the live shell do not serve', () => {
    const build = patchedBuild('contract-2', (source) => source);
    fs.writeFileSync(path.join(build, 'contract-version.json'), JSON.stringify({ version: '2.0.0' }));
    const before = live();
    const refused = ops('deploy', 'remote-inbox', '--from', build, '--version', 'contract-2', '--skip-smoke');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(
      /remote-inbox was built against @parley\/contract 2\.0\.0, but the server serves 1\./,
    );
    expect(refused.stderr).toMatch(/but the live shell serves 1\./);
    expect(live()).toBe(before);
    expect(fs.existsSync(path.join(deployments, 'remote-inbox', 'contract-2'))).toBe(false);
  });

  it('refuses a release whose page throws while rendering, found by the smoke run in Chromium', () => {
    const build = patchedBuild('throws', (source) =>
      source.split(RENDERED_LITERAL).join('(()=>{throw new Error("broken release")})()'),
    );
    const before = live();
    const refused = ops('deploy', 'remote-inbox', '--from', build, '--version', 'throws');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('Refused by the smoke check');
    expect(refused.stderr).toContain('/main (remote_inbox/Dashboard)');
    expect(refused.stderr).toContain('broken release');
    expect(live()).toBe(before);
    expect(fs.existsSync(path.join(deployments, 'remote-inbox', 'throws'))).toBe(false);
  });

  it('lets a sound release through the smoke run, and says loudly when the smoke run is skipped', () => {
    const sound = ops(
      'deploy',
      'remote-inbox',
      '--from',
      patchedBuild('sound', (s) => s),
      '--version',
      'sound',
    );
    expect(sound.status).toBe(0);
    expect(sound.stdout).toMatch(/smoke check: 1 page\(s\) rendered without an error/);
    expect(live()).toBe('sound');
    const skipped = ops(
      'deploy',
      'remote-inbox',
      '--from',
      patchedBuild('unchecked', (s) => `${s}\n`),
      '--version',
      'unchecked',
      '--skip-smoke',
    );
    expect(skipped.status).toBe(0);
    expect(skipped.stderr).toContain('SMOKE CHECK SKIPPED');
  });
});
