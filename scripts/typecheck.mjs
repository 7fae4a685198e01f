// Type-checks every package with its own tsconfig (strict, from tsconfig.base.json), two at a time.
import { spawn } from 'node:child_process';
import paths from './lib/paths.cjs';

const { ROOT } = paths;

const PACKAGES = [
  'shared',
  'shell',
  'remote-auth',
  'remote-inbox',
  'remote-library',
  'remote-admin',
  'server',
  'sandbox',
  'e2e',
];
const tsc = (pkg) =>
  new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-p', `${pkg}/tsconfig.json`, '--noEmit'],
      { cwd: ROOT, stdio: 'inherit' },
    );
    child.on('exit', (code) => resolve({ pkg, ok: code === 0 }));
  });

const queue = [...PACKAGES];
const results = [];
await Promise.all(
  [0, 1].map(async () => {
    while (queue.length) results.push(await tsc(queue.shift()));
  }),
);
const failed = results.filter((r) => !r.ok).map((r) => r.pkg);
console.log(failed.length ? `type errors in: ${failed.join(', ')}` : `types ok in ${results.length} packages`);
process.exit(failed.length ? 1 : 0);
