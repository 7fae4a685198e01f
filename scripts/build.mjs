// Builds what is not built (with --if-needed) or everything, then publishes each remote's and the shell's build as a
// version folder. Only first-time setup makes a build live (lib/publish-builds.cjs); deploys go through `npm run deploy`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import paths from './lib/paths.cjs';
import publishing from './lib/publish-builds.cjs';

const { DEPLOYMENTS_DIR, REMOTES, ROOT } = paths;
const { publishBuilds } = publishing;

const ifNeeded = process.argv.includes('--if-needed');
const PACKAGES = [
  // First: the server and the browser builds read the contract's compiled output.
  { name: '@parley/contract', dir: 'contract', output: 'dist/index.js', sources: ['src'] },
  { name: '@parley/server', dir: 'server', output: 'dist/main.js', sources: ['src', 'drizzle'] },
  { name: '@parley/sandbox', dir: 'sandbox', output: 'dist/main.js', sources: ['src', 'public'] },
  { name: 'shell', dir: 'shell', output: 'dist/index.html', sources: ['src'] },
  ...REMOTES.map((name) => ({ name, dir: name, output: 'dist/mf-manifest.json', sources: ['src'] })),
];
const SHARED_SOURCES = ['shared/src', 'tooling'];
const CONTRACT_SOURCES = ['contract/src'];

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
    ...(pkg.dir === 'contract' || pkg.dir === 'sandbox' ? [] : CONTRACT_SOURCES),
    ...(['contract', 'server', 'sandbox'].includes(pkg.dir) ? [] : SHARED_SOURCES),
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

for (const line of await publishBuilds(DEPLOYMENTS_DIR)) console.log(line);
