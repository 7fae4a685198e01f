// The packages `scripts/build.mjs` builds, in its order, and whether a package's build is newer than everything
// it is built from (`--if-needed`; the typecheck asks it of the contract).
const fs = require('node:fs');
const path = require('node:path');
const { REMOTES, ROOT } = require('./paths.cjs');

const PACKAGES = [
  // First: the server and the browser builds read the contract's compiled output.
  { name: '@parley/contract', dir: 'contract', output: 'dist/index.js', sources: ['src'], tsc: true },
  // Then the longest first (the shell and remote-auth about 20 s each, the server 5 s, the sandbox 2 s), so the two
  // builds at a time end together instead of the last remote alone on one core.
  { name: 'shell', dir: 'shell', output: 'dist/index.html', sources: ['src'] },
  ...REMOTES.map((name) => ({ name, dir: name, output: 'dist/mf-manifest.json', sources: ['src'] })),
  { name: '@parley/server', dir: 'server', output: 'dist/main.js', sources: ['src', 'drizzle'], tsc: true },
  { name: '@parley/sandbox', dir: 'sandbox', output: 'dist/main.js', sources: ['src', 'public'], tsc: true },
];
const SHARED_SOURCES = ['shared/src', 'tooling'];
const CONTRACT_SOURCES = ['contract/src'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

/** Whether the package's output is newer than its sources and the contract's and shared code it reads. */
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

module.exports = { PACKAGES, isBuilt };
