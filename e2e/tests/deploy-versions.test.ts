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

  it('are the same for another build of the same source, in another folder', () => {
    // A copy of remote-auth beside it, as in another clone: the same depth under the repository, so node_modules
    // resolve along the same relative paths (module ids are hashed from them). Built once and compared with the
    // build the suite already made (`npm test` builds before the browser tests; alone, run `npm run build` first).
    const copy = fs.mkdtempSync(path.join(ROOT, '.version-check-'));
    try {
      for (const part of ['src', 'package.json', 'rspack.config.js']) {
        fs.cpSync(path.join(ROOT, 'remote-auth', part), path.join(copy, part), { recursive: true });
      }
      const out = path.join(dir, 'copy');
      const result = spawnSync('npx', ['rspack', 'build', '--output-path', out], {
        cwd: copy,
        env: { ...process.env, NODE_ENV: 'production' },
        encoding: 'utf8',
      });
      if (result.status !== 0) throw new Error(result.stderr || result.stdout);
      expect(defaultVersion(copy, out)).toBe(defaultVersion(path.join(ROOT, 'remote-auth')));
      // The build stats, which the browser never loads, may still differ; they are not part of the version.
      expect(fs.existsSync(path.join(out, 'mf-manifest-stats.json'))).toBe(true);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
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
