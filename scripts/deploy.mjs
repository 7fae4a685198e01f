// npm run deploy -- <remote|shell> [--version X] [--from <built dist folder>] [--skip-smoke]
// Builds one remote (or the shell) and nothing else, checks it against what is live (shared singletons, routed
// pages, the @parley/contract version, and a smoke run in headless Chromium), publishes it into an immutable deployments/<name>/<version>/ folder
// and makes it live with a compare-and-swap of the pointer. Takes effect on the next page load. Exits non-zero
// whenever the change did not land.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import paths from './lib/paths.cjs';
import pointerFile from './lib/pointer.cjs';
import pointerLock from './lib/pointer-lock.cjs';
import publishing from './lib/publish.cjs';
import guard from './lib/guard.cjs';
import live from './lib/live.cjs';
import contractVersion from '../tooling/contract-version.cjs';
import { fail, parseArgs, seconds } from './lib/args.mjs';

const { DEPLOYMENTS_DIR, ROOT, SHELL_DIR, TARGETS } = paths;
const { entryOf, readPointer, recordDeploy } = pointerFile;
const { readJson } = live;
const started = Date.now();
const { positional, flags } = parseArgs(process.argv.slice(2), ['skip-smoke']);
const [name] = positional;
if (!TARGETS.includes(name)) fail(`Name what to deploy: ${TARGETS.join(', ')}`);

const before = readPointer(DEPLOYMENTS_DIR);
const liveBefore = entryOf(before, name)?.live;

let distDir = path.join(ROOT, name, 'dist');
if (flags.from) distDir = path.resolve(String(flags.from));
else {
  const buildStarted = Date.now();
  execFileSync('npm', ['run', 'build', '-w', name], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  console.log(`  built ${name} in ${seconds(buildStarted)}`);
}
if (!fs.existsSync(path.join(distDir, 'mf-manifest.json'))) fail(`${distDir} has no mf-manifest.json: not a build`);
const version = flags.version ? String(flags.version) : publishing.defaultVersion(path.join(ROOT, name), distDir);
if (!publishing.VERSION_PATTERN.test(version)) fail(`Version "${version}" is not a valid folder name`);
const folder = publishing.versionFolder(DEPLOYMENTS_DIR, name, version);
if (fs.existsSync(folder) && publishing.hashFolder(folder) !== publishing.hashFolder(distDir)) {
  fail(`${name} ${version} is already deployed with other files; versions are immutable — deploy under a new version`);
}
if (liveBefore === version) {
  console.log(`✓ ${name} ${version} is already live; nothing changed`);
  process.exit(0);
}

// The guard: every shared singleton and every routed page, between the new build and what stays live.
const shellDir = live.liveShellDir(before, DEPLOYMENTS_DIR, SHELL_DIR);
const problems =
  name === 'shell'
    ? live.liveRemoteManifests(before, DEPLOYMENTS_DIR).flatMap(({ remote, manifest }) =>
        guard.deployProblems({
          remote,
          remoteManifest: manifest,
          shellManifest: readJson(path.join(distDir, 'mf-manifest.json')),
          pageRoutes: readJson(path.join(distDir, 'page-routes.json')),
        }),
      )
    : guard.deployProblems({
        remote: name,
        remoteManifest: readJson(path.join(distDir, 'mf-manifest.json')),
        shellManifest: readJson(path.join(shellDir, 'mf-manifest.json')),
        pageRoutes: readJson(path.join(shellDir, 'page-routes.json')),
      });
// The contract: the new build against the server of this checkout, and a remote against the live shell (or, for a
// new shell, every live remote against it).
const { builtContractVersion, checkoutContractVersion } = contractVersion;
const server = { side: 'the server', version: checkoutContractVersion() };
const builtWith = builtContractVersion(distDir);
problems.push(
  ...(name === 'shell'
    ? [
        ...guard.contractProblems({ name, builtWith, servedBy: [server] }),
        ...live.liveRemoteDirs(before, DEPLOYMENTS_DIR).flatMap(({ remote, dir }) =>
          guard.contractProblems({
            name: remote,
            builtWith: builtContractVersion(dir),
            servedBy: [{ side: 'the new shell', version: builtWith }],
          }),
        ),
      ]
    : guard.contractProblems({
        name,
        builtWith,
        servedBy: [server, { side: 'the live shell', version: builtContractVersion(shellDir) }],
      })),
);
if (problems.length) fail(`Refused; the live version stays.\n  ${problems.join('\n  ')}`);

if (flags['skip-smoke']) {
  console.warn('');
  console.warn('  !!! SMOKE CHECK SKIPPED (--skip-smoke): no page of this version was opened in a browser before it');
  console.warn(`  !!! goes live for everyone. Roll back with: npm run rollback -- ${name}`);
  console.warn('');
} else {
  const smokeStarted = Date.now();
  const { smokeCheck } = await import('./lib/smoke.mjs'); // Chromium's driver only when it runs
  const smoke = await smokeCheck({
    deploymentsDir: DEPLOYMENTS_DIR,
    shellDir,
    name,
    version,
    candidateDir: distDir,
    pageRoutes: readJson(path.join(name === 'shell' ? distDir : shellDir, 'page-routes.json')),
  });
  if (smoke.problems.length)
    fail(`Refused by the smoke check; the live version stays.\n  ${smoke.problems.join('\n  ')}`);
  console.log(`  smoke check: ${smoke.pages} page(s) rendered without an error in ${seconds(smokeStarted)}`);
}

publishing.publish(DEPLOYMENTS_DIR, name, version, distDir);
let written;
try {
  written = await pointerLock.updatePointer(DEPLOYMENTS_DIR, (fresh, log) => {
    const liveNow = entryOf(fresh, name)?.live;
    if (liveNow !== liveBefore) {
      throw new pointerLock.PointerConflict(
        `${name} went from ${liveBefore ?? 'nothing'} to ${liveNow} while this deploy ran; nothing changed — deploy again`,
      );
    }
    if (!fs.existsSync(folder)) throw new pointerLock.PointerConflict(`${folder} vanished (pruned?); nothing changed`);
    return {
      pointer: recordDeploy(fresh, name, version, log),
      event: { name, action: 'deploy', version, from: liveBefore ?? null },
    };
  });
} catch (error) {
  fail(error instanceof pointerLock.PointerConflict ? error.message : `The pointer was not updated: ${error.message}`);
}
// The pointer this deploy wrote under the lock, not the file read again: another deploy of the same remote may have
// landed right after this one (a test of 20 at once saw this deploy reported as not landed, though it had).
if (entryOf(written, name)?.live !== version) fail(`${name} ${version} did not land; nothing changed`);
console.log(
  `✓ ${name} ${version} is live (next page load), in ${seconds(started)}. Roll back with: npm run rollback -- ${name}`,
);
