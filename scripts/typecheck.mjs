// Type-checks every package (strict, from tsconfig.base.json), two programs at a time: the browser packages
// together (tsconfig.browser.json: same options, shared types read once), each Node package with its own tsconfig.
// The contract is built first when its build is stale: the server and the browser packages read its declarations
// (contract/dist).
import { spawn, spawnSync } from 'node:child_process';
import packages from './lib/packages.cjs';
import paths from './lib/paths.cjs';

const { ROOT } = paths;
const { PACKAGES, isBuilt } = packages;

const PROGRAMS = [
  'tsconfig.browser.json',
  'server/tsconfig.json',
  'contract/tsconfig.json',
  'sandbox/tsconfig.json',
  'e2e/tsconfig.json',
];
const tsc = (program) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', program, '--noEmit'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.on('exit', (code) => resolve({ program, ok: code === 0 }));
  });

// Only when its build is older than its sources: in `npm test` the build step has just built it, and writing it
// again here raced the browser tests, whose servers read it as they start (one read a half-written file and failed
// to start, 2026-12-05). Its types are checked below either way (contract/tsconfig.json).
if (!isBuilt(PACKAGES.find((pkg) => pkg.dir === 'contract'))) {
  const built = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'contract/tsconfig.build.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) {
    console.log('type errors in: contract (build)');
    process.exit(1);
  }
}

const queue = [...PROGRAMS];
const results = [];
await Promise.all(
  [0, 1].map(async () => {
    while (queue.length) results.push(await tsc(queue.shift()));
  }),
);
const failed = results.filter((r) => !r.ok).map((r) => r.program);
console.log(failed.length ? `type errors in: ${failed.join(', ')}` : `types ok in ${results.length} programs`);
process.exit(failed.length ? 1 : 0);
