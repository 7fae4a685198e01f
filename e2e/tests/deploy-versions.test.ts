import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startStack } from '../support/stack';

const { defaultVersion } = require('../../scripts/lib/publish.cjs');
const { previewDeployments } = require('../../scripts/lib/preview.cjs');

describe('versions', () => {
  let dir: string;
  beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-deploy-versions-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('are the same for two builds of the same source', () => {
    // A snapshot of remote-auth (and the shared build setup) inside the repo, so other work cannot change it
    // between the two builds and node_modules still resolve.
    // tmp/ exists under `npm test` (its logs) but not in a fresh checkout run with jest alone.
    fs.mkdirSync(path.join(ROOT, 'tmp'), { recursive: true });
    const snapshot = fs.mkdtempSync(path.join(ROOT, 'tmp', 'stable-'));
    try {
      for (const part of ['remote-auth/src', 'remote-auth/package.json', 'remote-auth/rspack.config.js', 'tooling']) {
        fs.cpSync(path.join(ROOT, part), path.join(snapshot, part), { recursive: true });
      }
      for (const pkg of ['shared/package.json', 'contract/package.json']) {
        fs.cpSync(path.join(ROOT, pkg), path.join(snapshot, pkg));
      }
      const build = (out: string) => {
        const result = spawnSync('npx', ['rspack', 'build', '--output-path', out], {
          cwd: path.join(snapshot, 'remote-auth'),
          env: { ...process.env, NODE_ENV: 'production' },
          encoding: 'utf8',
        });
        if (result.status !== 0) throw new Error(result.stderr || result.stdout);
        return defaultVersion(path.join(snapshot, 'remote-auth'), out);
      };
      const first = build(path.join(dir, 'first'));
      const second = build(path.join(dir, 'second'));
      expect(second).toBe(first);
      // The build stats, which the browser never loads, may still differ; they are not part of the version.
      expect(fs.existsSync(path.join(dir, 'first', 'mf-manifest-stats.json'))).toBe(true);
    } finally {
      fs.rmSync(snapshot, { recursive: true, force: true });
    }
  }, 300_000);

  it('of the shell are deployed (checked in Chromium) and rolled back like a remote', async () => {
    const deployments = path.join(dir, 'deployments');
    previewDeployments(deployments);
    const ops = (script: string, ...args: string[]) =>
      spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], {
        cwd: ROOT,
        env: { ...process.env, DEPLOYMENTS_DIR: deployments },
        encoding: 'utf8',
      });
    const shell = path.join(dir, 'shell-b');
    fs.cpSync(path.join(ROOT, 'shell/dist'), shell, { recursive: true });
    const index = path.join(shell, 'index.html');
    fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('<title>Parley</title>', '<title>Parley B</title>'));
    const first = JSON.parse(fs.readFileSync(path.join(deployments, 'remotes.json'), 'utf8')).shell.live;

    const deployed = ops('deploy', 'shell', '--from', shell, '--version', 'shell-b');
    expect(deployed.stderr).toBe('');
    // The shell's smoke run opens every route of its table (those without a parameter).
    const routes = require('../../shell/src/routes/page-routes.json') as Array<{ path: string }>;
    const pages = routes.filter((route) => !route.path.includes(':')).length;
    expect(deployed.stdout).toContain(`smoke check: ${pages} page(s) rendered without an error`);
    const stack = await startStack({ env: { DEPLOYMENTS_DIR: deployments } });
    try {
      const title = async () =>
        (await (await fetch(`${stack.baseUrl}/main`, { headers: { accept: 'text/html' } })).text()).match(
          /<title>(.*)<\/title>/,
        )?.[1];
      expect(await title()).toBe('Parley B');
      const rollback = ops('rollback', 'shell');
      expect(rollback.stdout).toContain(`shell: shell-b → ${first}`);
      expect(await title()).toBe('Parley');
    } finally {
      await stack.stop();
    }
  }, 300_000);
});
