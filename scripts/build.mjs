// Builds what is not built (with --if-needed) or everything, then publishes each remote's and the shell's build as a
// version folder. Only first-time setup makes a build live (lib/publish-builds.cjs); deploys go through `npm run deploy`.
import { spawn } from 'node:child_process';
import packages from './lib/packages.cjs';
import paths from './lib/paths.cjs';
import publishing from './lib/publish-builds.cjs';

const { DEPLOYMENTS_DIR, ROOT } = paths;
const { PACKAGES, isBuilt } = packages;
const { publishBuilds } = publishing;

const ifNeeded = process.argv.includes('--if-needed');
// `npm test` type-checks every package in a step of its own: its build then has tsc only emit (--noCheck), which
// saves the server, sandbox and contract builds about half their CPU.
const typeCheck = !process.argv.includes('--no-type-check');
/** Builds one package (its own `npm run build`); rejects when that fails (its errors are on stderr). */
function build(pkg) {
  const started = Date.now();
  const tscArgs = pkg.tsc && !typeCheck ? ['--', '--noCheck'] : [];
  const child = spawn('npm', ['run', 'build', '-w', pkg.name, ...tscArgs], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the build of ${pkg.dir} failed (exit code ${code})`));
      console.log(`built ${pkg.dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve();
    });
  });
}

// The contract first (the others read its output), then the rest two at a time (PARLEY_BUILD_JOBS): each build is
// mostly one core's work, and in `npm test` the lint beside it ends long before the build does.
const JOBS = Math.max(1, Number(process.env.PARLEY_BUILD_JOBS ?? 2));
const waiting = PACKAGES.filter((pkg) => !(ifNeeded && isBuilt(pkg)));
const failures = [];
const buildOrNote = (pkg) => build(pkg).catch((error) => failures.push(error.message));
if (waiting[0]?.dir === 'contract') await buildOrNote(waiting.shift());
await Promise.all(
  Array.from({ length: JOBS }, async () => {
    // After a failure, the builds under way end and no other starts.
    while (waiting.length > 0 && failures.length === 0) await buildOrNote(waiting.shift());
  }),
);
if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}

for (const line of await publishBuilds(DEPLOYMENTS_DIR)) console.log(line);
