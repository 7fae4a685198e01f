// Builds what is not built (with --if-needed) or everything, then publishes each remote build as a
// deployment and points /remotes.json at it, so `npm start` serves exactly what was just built.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import paths from './lib/paths.cjs';
import pointerFile from './lib/pointer.cjs';
import publishing from './lib/publish.cjs';

const { DEPLOYMENTS_DIR, REMOTES, ROOT } = paths;

const ifNeeded = process.argv.includes('--if-needed');
const PACKAGES = [
  { name: '@parley/server', dir: 'server', output: 'dist/main.js', sources: ['src', 'drizzle'] },
  { name: '@parley/sandbox', dir: 'sandbox', output: 'dist/main.js', sources: ['src', 'public'] },
  { name: 'shell', dir: 'shell', output: 'dist/index.html', sources: ['src'] },
  ...REMOTES.map((name) => ({ name, dir: name, output: 'dist/mf-manifest.json', sources: ['src'] })),
];
const SHARED_SOURCES = ['shared/src', 'tooling'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

function isBuilt(pkg) {
  const output = path.join(ROOT, pkg.dir, pkg.output);
  if (!fs.existsSync(output)) return false;
  const inputs = [
    ...pkg.sources.map((s) => path.join(pkg.dir, s)),
    ...(pkg.dir === 'server' || pkg.dir === 'sandbox' ? [] : SHARED_SOURCES),
  ];
  const newestInput = Math.max(...inputs.map((input) => newestMtime(path.join(ROOT, input))));
  return fs.statSync(output).mtimeMs >= newestInput;
}

for (const pkg of PACKAGES) {
  if (ifNeeded && isBuilt(pkg)) continue;
  const started = Date.now();
  execFileSync('npm', ['run', 'build', '-w', pkg.name], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  console.log(`built ${pkg.dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

let pointer = pointerFile.readPointer(DEPLOYMENTS_DIR);
for (const remote of REMOTES) {
  const version = publishing.defaultVersion(path.join(ROOT, remote));
  const { created } = publishing.publish(DEPLOYMENTS_DIR, remote, version, path.join(ROOT, remote, 'dist'));
  // Only a new build goes live here; an existing one (e.g. after a rollback) leaves the pointer alone.
  if (!pointer.remotes[remote] || created) {
    pointer = pointerFile.recordDeploy(pointer, remote, version);
    console.log(`${remote}: ${version} is live${created ? ' (new deployment)' : ''}`);
  }
}
pointerFile.writePointer(DEPLOYMENTS_DIR, pointer);
