import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startStack } from '../support/stack';

const { previewDeployments } = require('../../scripts/lib/preview.cjs');

// The ops commands against a private deployments folder and tiny fixture builds (no rspack build, no browser):
// what two teams deploying at once, a rollback far back, a build after a rollback and pruning must not break.
describe('deploy, rollback and releases from the command line', () => {
  let dir: string;
  let deployments: string;
  let fixtures: string;
  const env = () => ({ ...process.env, DEPLOYMENTS_DIR: deployments, WEB_ROOT: path.join(fixtures, 'shell') });
  const ops = (script: string, ...args: string[]) =>
    spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], { cwd: ROOT, env: env(), encoding: 'utf8' });
  const opsAsync = (script: string, ...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [`scripts/${script}.mjs`, ...args], { cwd: ROOT, env: env() });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      // A process that could not start, or that a signal ended, says so in its stderr: the assertions print it.
      child.on('error', (error) => (stderr += `[${error.message}]`));
      child.on('close', (status, signal) =>
        resolve({ status, stdout, stderr: signal ? `${stderr}[${signal}]` : stderr }),
      );
    });
  const pointer = () => JSON.parse(fs.readFileSync(path.join(deployments, 'remotes.json'), 'utf8'));
  const deploy = (remote: string, version: string) =>
    ops('deploy', remote, '--from', path.join(fixtures, remote), '--version', version, '--skip-smoke');
  const writeJson = (file: string, value: unknown) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(value));
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-deploy-cli-'));
    deployments = path.join(dir, 'deployments');
    fixtures = path.join(dir, 'fixtures');
    // A shell that provides nothing and routes to nothing, and two remotes that need nothing: the guard passes.
    writeJson(path.join(fixtures, 'shell', 'mf-manifest.json'), { name: 'shell', shared: [], exposes: [] });
    writeJson(path.join(fixtures, 'shell', 'page-routes.json'), []);
    for (const remote of ['remote-auth', 'remote-inbox']) {
      writeJson(path.join(fixtures, remote, 'mf-manifest.json'), {
        name: remote.replace('-', '_'),
        shared: [],
        exposes: [],
      });
      fs.writeFileSync(path.join(fixtures, remote, 'remoteEntry.js'), `/* ${remote} */`);
    }
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('loses no deploy when 20 pairs of deploys of two remotes run at the same moment', async () => {
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => i + 1).flatMap((i) =>
        ['remote-auth', 'remote-inbox'].map(async (remote) => ({
          remote,
          version: `v${i}`,
          ...(await opsAsync(
            'deploy',
            remote,
            '--from',
            path.join(fixtures, remote),
            '--version',
            `v${i}`,
            '--skip-smoke',
          )),
        })),
      ),
    );
    // A deploy either landed (exit 0) or, when another deploy of the same remote landed while it ran, changed
    // nothing and said so (exit 1). Deploys of the other remote never get in its way.
    const landed = runs.filter((run) => run.status === 0);
    for (const run of runs.filter((r) => r.status !== 0)) {
      expect(run.stderr).toMatch(new RegExp(`${run.remote} went from .* while this deploy ran; nothing changed`));
    }
    const now = pointer();
    expect(now.revision).toBe(landed.length);
    const log = fs
      .readFileSync(path.join(deployments, '.log', 'deploys.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(log.map((e) => `${e.name} ${e.version}`).sort()).toEqual(
      landed.map((r) => `${r.remote} ${r.version}`).sort(),
    );
    for (const remote of ['remote-auth', 'remote-inbox']) {
      // Landing order, newest first: the pointer agrees with every deploy of this remote that landed.
      const order = log
        .filter((event) => event.name === remote)
        .map((event) => event.version)
        .reverse();
      expect(order.length).toBeGreaterThan(0);
      expect(now.remotes[remote].live).toBe(order[0]);
      expect(now.remotes[remote].history.map((r: { version: string }) => r.version)).toEqual(order.slice(0, 5));
      expect(now.remotes[remote].fallbacks).toEqual(order.slice(1, 5));
      // Each landed deploy started from the version live before it: none was overwritten unseen.
      const events = log.filter((event) => event.name === remote);
      events.forEach((event, index) => expect(event.from).toBe(index ? events[index - 1].version : null));
    }
  });

  it('lands every deploy of 20 pairs of two remotes deployed one pair at a time', async () => {
    for (let i = 1; i <= 20; i += 1) {
      const pair = await Promise.all(
        ['remote-auth', 'remote-inbox'].map((remote) =>
          opsAsync('deploy', remote, '--from', path.join(fixtures, remote), '--version', `v${i}`, '--skip-smoke'),
        ),
      );
      for (const result of pair) expect(result).toMatchObject({ status: 0 });
      const now = pointer();
      expect([now.remotes['remote-auth'].live, now.remotes['remote-inbox'].live]).toEqual([`v${i}`, `v${i}`]);
    }
    expect(pointer().revision).toBe(40);
  });

  it('exits non-zero and changes nothing when the remote changed while the deploy ran', async () => {
    expect(deploy('remote-auth', 'v1').status).toBe(0);
    // Hold the pointer lock, let a deploy start, and move remote-auth under it meanwhile.
    const lockfile = require('proper-lockfile');
    const release = await lockfile.lock(path.join(deployments, 'remotes.json'), { realpath: false });
    const racing = opsAsync(
      'deploy',
      'remote-auth',
      '--from',
      path.join(fixtures, 'remote-auth'),
      '--version',
      'v2',
      '--skip-smoke',
    );
    const moved = { ...pointer() };
    moved.remotes['remote-auth'] = { ...moved.remotes['remote-auth'], live: 'v0' };
    // Wait until the racing deploy has published its folder (it then waits for the lock), then move the pointer.
    while (!fs.existsSync(path.join(deployments, 'remote-auth', 'v2'))) await new Promise((r) => setTimeout(r, 20));
    fs.writeFileSync(path.join(deployments, 'remotes.json'), JSON.stringify(moved));
    await release();
    const result = await racing;
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('went from v1 to v0 while this deploy ran; nothing changed');
    expect(pointer().remotes['remote-auth'].live).toBe('v0');
  });

  it('rolls back outside the five-entry history; the next rollback goes further back, not forward', () => {
    for (let i = 1; i <= 8; i += 1) expect(deploy('remote-auth', `v${i}`).status).toBe(0);
    expect(pointer().remotes['remote-auth'].history.map((r: { version: string }) => r.version)).not.toContain('v2');
    expect(ops('rollback', 'remote-auth', '--to', 'v2').status).toBe(0);
    expect(pointer().remotes['remote-auth']).toMatchObject({ live: 'v2', fallbacks: ['v1'] });
    const plain = ops('rollback', 'remote-auth');
    expect(plain.stdout).toContain('v2 → v1');
    expect(pointer().remotes['remote-auth'].live).toBe('v1');
    expect(ops('rollback', 'remote-auth').status).not.toBe(0); // nothing was deployed before v1
  });

  it('lists never-live versions apart, below, and prunes all but the newest N and what the pointer names', () => {
    for (let i = 1; i <= 8; i += 1) expect(deploy('remote-auth', `v${i}`).status).toBe(0);
    expect(ops('rollback', 'remote-auth', '--to', 'v1').status).toBe(0);
    fs.cpSync(path.join(fixtures, 'remote-auth'), path.join(deployments, 'remote-auth', 'built-only'), {
      recursive: true,
    });
    const listing = ops('releases', 'remote-auth').stdout;
    expect(listing.indexOf('built-only')).toBeGreaterThan(listing.indexOf('v1'));
    expect(listing).toMatch(/built, never live:\s+built-only/);
    expect(listing).toMatch(/\* live\s+v1 /);
    expect(ops('rollback', 'remote-auth', '--to', 'built-only').stderr).toContain('never live');

    expect(ops('releases', 'remote-auth', '--prune', '2').status).toBe(0);
    // Kept: the newest two (built-only, v8), the history (v8…v4), the live v1. Gone: v2, v3.
    expect(fs.readdirSync(path.join(deployments, 'remote-auth')).sort()).toEqual(
      ['built-only', 'v1', 'v4', 'v5', 'v6', 'v7', 'v8'].sort(),
    );
  });

  it('a build after a rollback, and starting the server, leave the rolled-back version live', async () => {
    deployments = path.join(dir, 'preview');
    previewDeployments(deployments); // the current builds, live
    const inbox = (version: string) => path.join(deployments, 'remote-inbox', version);
    const built = pointer().remotes['remote-inbox'].live;
    for (const version of ['x1', 'x2']) {
      const from = path.join(dir, version);
      fs.cpSync(inbox(built), from, { recursive: true });
      fs.writeFileSync(path.join(from, 'marker.js'), `/* ${version} */`);
      expect(ops('deploy', 'remote-inbox', '--from', from, '--version', version, '--skip-smoke').status).toBe(0);
    }
    expect(ops('rollback', 'remote-inbox', '--to', 'x1').status).toBe(0);
    // As if shared/ had changed: the next build is a version never published before.
    fs.rmSync(inbox(built), { recursive: true });
    const live = 'x1';

    // What `npm run build` and `npm start` do after building: publish the builds.
    const publish = spawnSync(
      process.execPath,
      [
        '-e',
        `require('./scripts/lib/publish-builds.cjs').publishBuilds(${JSON.stringify(deployments)}).then((l) => console.log(l.join('\\n')))`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(publish.status).toBe(0);
    expect(pointer().remotes['remote-inbox'].live).toBe(live);

    const stack = await startStack({ env: { DEPLOYMENTS_DIR: deployments } });
    try {
      const served = await (await fetch(`${stack.baseUrl}/remotes.json`)).json();
      expect(served.remotes['remote-inbox'].live).toBe(live);
    } finally {
      await stack.stop();
    }
  });
});
