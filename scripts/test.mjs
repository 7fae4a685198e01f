// `npm test`: everything — type-check, lint, unit tests, API tests on PGlite and PostgreSQL, browser tests.
// Installs Debian's Chromium when it is missing (browser tests drive /usr/bin/chromium, never a download).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { runStep } from './lib/run-step.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  console.log("Chromium is missing: installing Debian's package (apt-get)");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}

const steps = [
  ['build', 'node', ['scripts/build.mjs', '--if-needed']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  [
    'unit tests',
    'npx',
    [
      'jest',
      '--maxWorkers=2',
      '--selectProjects',
      'shared',
      'shell',
      'remote-auth',
      'remote-inbox',
      'remote-library',
      'remote-admin',
      'scripts',
      'sandbox',
      'server-unit',
    ],
  ],
  ['API tests on PGlite', 'npx', ['jest', '--maxWorkers=2', '--selectProjects', 'server-api-pglite']],
  ['API tests on PostgreSQL', 'npx', ['jest', '--maxWorkers=2', '--selectProjects', 'server-api-postgres']],
  ['browser tests', 'npx', ['jest', '--selectProjects', 'e2e', '--runInBand']],
  // Tiny sizes, so the benchmarks never rot; it fails on a lost or doubled message or a figure without numbers.
  ['bench (quick)', 'node', ['bench/run.mjs', '--quick']],
];

const only = process.argv.slice(2);
const results = [];
fs.mkdirSync('tmp', { recursive: true });
for (const [title, command, args, env] of steps) {
  if (only.length && !only.some((word) => title.includes(word))) continue;
  const isJest = args[0] === 'jest';
  const report = `tmp/jest-${title.replace(/\W+/g, '-')}.json`;
  fs.rmSync(report, { force: true });
  const result = runStep(title, command, isJest ? [...args, '--json', `--outputFile=${report}`] : args, env);
  if (isJest && fs.existsSync(report)) {
    const counts = JSON.parse(fs.readFileSync(report, 'utf8'));
    Object.assign(result, {
      tests: counts.numPassedTests,
      failedTests: counts.numFailedTests + counts.numRuntimeErrorTestSuites,
    });
  }
  results.push(result);
}
const failedSteps = results.filter((r) => !r.passed);
console.log('\nSummary');
for (const r of results) {
  const counts = r.tests === undefined ? '' : `, ${r.tests} tests passed, ${r.failedTests} failed`;
  console.log(`  ${r.passed ? 'ok  ' : 'FAIL'} ${r.title} (${r.seconds} s${counts})`);
}
const passedTests = results.reduce((sum, r) => sum + (r.tests ?? 0), 0);
const failedTests =
  results.reduce((sum, r) => sum + (r.failedTests ?? 0), 0) + failedSteps.filter((r) => r.tests === undefined).length;
// The closing line CI reads: tests (and failed non-test steps such as lint) counted across every step.
console.log(`${passedTests} passed, ${failedTests} failed`);
process.exit(failedSteps.length ? 1 : 0);
