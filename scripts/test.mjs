// `npm test`: everything — type-check, lint, unit tests, API tests on PGlite and PostgreSQL, browser tests, and
// a smoke run of the benchmarks. `npm test -- <word>…` runs only the steps whose title contains one of the words.
// Steps that do not depend on each other run at the same time within a budget of CPU cores (PARLEY_TEST_CORES,
// default 2): each step says how many cores it keeps busy, and steps start in the order listed here.
// Installs Debian's Chromium when it is missing (browser tests drive /usr/bin/chromium, never a download).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import chromium from './lib/chromium.cjs';
import machineCpu from './lib/machine-cpu.cjs';
import memoryTmp from './lib/memory-tmp.cjs';
import { runStep } from './lib/run-step.mjs';
import v8Flags from './lib/v8-flags.cjs';

const { CHROMIUM_PATH: CHROMIUM } = chromium;
const { MS_PER_TICK, idleWatch, machineBusyTicks } = machineCpu;
if (!fs.existsSync(CHROMIUM)) {
  console.log("Chromium is missing: installing Debian's package (apt-get)");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}

// Every step's temporaries in memory where the machine has a tmpfs with room (lib/memory-tmp.cjs); a TMPDIR set
// by the caller is kept.
const tmpDir = process.env.TMPDIR ? undefined : memoryTmp.memoryTmpDir();
if (tmpDir) process.env.TMPDIR = tmpDir;

const JEST = 'node_modules/jest/bin/jest.js';
// Node with the jest processes' V8 flags (lib/v8-flags.cjs): the API tests run PGlite inside jest's own process, the
// component tests make many short-lived objects.
const jest = (...args) => ['node', [...v8Flags.JEST_V8_FLAGS, JEST, ...args]];
const API_PROJECTS = ['server-api-pglite', 'server-api-postgres'];
// --forceExit: a handle left open by one suite must never hang the whole run (open question in the note).
// Each API project runs in three shards (thirds of its files) so the steps pack both cores: they are what is left
// when the browser and unit tests end, and with halves the last one ran alone for two minutes on one core.
// `cores` is what a step keeps busy on average, measured with the CPU-seconds each step prints: API tests on
// PostgreSQL mostly wait on the database and the server (about half a core), on PGlite the database runs in the
// test's own process.
const API_SHARDS = 3;
const apiShards = (project, label, cores) =>
  Array.from({ length: API_SHARDS }, (_, index) => ({
    title: `API tests on ${label} (${index + 1}/${API_SHARDS})`,
    run: jest('--maxWorkers=1', '--forceExit', `--shard=${index + 1}/${API_SHARDS}`, '--selectProjects', project),
    cores,
  }));

/**
 * title, [command, args], cores it keeps busy. Steps start in this order as cores free up; every step waits for
 * the build (it reads its output) except those marked `beforeBuild` (lint reads only sources, so it fills the
 * core the build leaves idle). The browser tests come first as they take longest; they mostly wait on Chromium
 * and the servers, so two files run at once on one core's budget.
 */
const steps = [
  // The typecheck step checks every package: the build's tsc only emits.
  {
    title: 'build',
    run: ['node', ['scripts/build.mjs', '--if-needed', '--no-type-check']],
    cores: 1,
    beforeBuild: true,
  },
  { title: 'lint', run: ['npm', ['run', 'lint']], cores: 1, beforeBuild: true },
  { title: 'browser tests', run: jest('--selectProjects', 'e2e', '--maxWorkers=2'), cores: 1 },
  { title: 'typecheck', run: ['npm', ['run', 'typecheck']], cores: 1 },
  // Every project but the API and browser ones: the unit tests next to the code, in every package.
  { title: 'unit tests', run: jest('--maxWorkers=1', '--ignoreProjects', ...API_PROJECTS, 'e2e'), cores: 1 },
  // PGlite's shards first: they are the larger ones, so the run ends on PostgreSQL's shards. Each of those keeps
  // about half a core busy (its process; the database server a little more) but counts a third: all three then
  // start beside the last PGlite shard, and the run ends with both cores busy, not with the last shard waiting for
  // the PGlite one to end and then running alone (issue #20: its last 25 s on one core).
  ...apiShards('server-api-pglite', 'PGlite', 1),
  ...apiShards('server-api-postgres', 'PostgreSQL', 1 / 3),
  // A smoke check that the benchmark code still runs (every figure's module loads; the realtime figure, which
  // goes through the shared stack, client, relay, probe and report code, runs at the smallest sizes): it fails on
  // a lost or doubled message or a figure without numbers. `npm run bench -- --quick` runs every figure.
  { title: 'bench (smoke)', run: ['node', ['bench/run.mjs', '--smoke']], cores: 1 },
];

const CORES = Number(process.env.PARLEY_TEST_CORES ?? 2);
const only = process.argv.slice(2);
const selected = steps.filter((step) => !only.length || only.some((word) => step.title.includes(word)));
fs.mkdirSync('tmp/test-logs', { recursive: true });
const slug = (title) => title.replace(/\W+/g, '-');

async function run(step) {
  const [command, args] = step.run;
  const isJest = args.includes(JEST);
  const report = `tmp/jest-${slug(step.title)}.json`;
  fs.rmSync(report, { force: true });
  const result = await runStep({
    title: step.title,
    command,
    args: isJest ? [...args, '--json', `--outputFile=${report}`] : args,
    // Several steps at once: each one's output is printed whole when it ends.
    logFile: selected.length > 1 ? `tmp/test-logs/${slug(step.title)}.log` : undefined,
  });
  if (isJest && fs.existsSync(report)) {
    const counts = JSON.parse(fs.readFileSync(report, 'utf8'));
    Object.assign(result, {
      tests: counts.numPassedTests,
      failedTests: counts.numFailedTests + counts.numRuntimeErrorTestSuites,
      failures: failureLines(counts),
    });
  }
  return result;
}

/**
 * Each failed test (or suite that could not run) as `file › name: first line of the error`, then the diff's
 * changed lines and where in the test it failed: the summary is what a truncated CI log still shows.
 */
function failureLines(report) {
  const lines = (text) =>
    stripVTControlCharacters(String(text ?? ''))
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  const describe = (text) => {
    const all = lines(text);
    const changed = all.filter((line) => /^[-+] /.test(line) && !/^[-+] (Expected|Received)/.test(line));
    const at = all.find((line) => /^at .*\.test\.tsx?:\d+/.test(line));
    return [all[0] ?? '', ...changed.slice(0, 8).map((line) => `    ${line}`), ...(at ? [`    ${at}`] : [])].join('\n');
  };
  return report.testResults.flatMap((file) => {
    const where = path.relative(process.cwd(), file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (!failed.length && file.status === 'failed') return [`${where}: ${describe(file.message)}`];
    return failed.map((test) => `${where} › ${test.fullName}: ${describe(test.failureMessages?.[0])}`);
  });
}

const started = Date.now();
const busyAtStart = machineBusyTicks();
const results = new Map();
const build = selected.find((step) => step.title === 'build');

// In order, each as soon as it may start and enough cores are free (a step wider than the budget runs alone); the
// sums allow a hair of slack, as thirds of a core do not add up exactly in floating point.
// A step's cores are an average: one that waits (the browser tests' 30 s network cut, a shard's timers) leaves part
// of the budget idle. So once the machine has had half a core of the budget idle for 3 s, the next step starts
// beyond the budget too, at most one core over it and 5 s after any other start (a new step needs a moment to get
// busy, and the idle look must not reach back before it); on a machine busy with other work that never happens, and
// the budget alone decides.
const EARLY = { lookSeconds: 3, idleCores: 0.5, overCores: 1, everyMs: 5_000 };
const idle = idleWatch({ lookSeconds: EARLY.lookSeconds, budgetCores: CORES, machineCores: os.cpus().length });
let lastStartAt = 0;
const waiting = [...selected];
const running = new Set();
let busy = 0;
await new Promise((allDone) => {
  const mayStart = (step) => step.beforeBuild || !build || results.has(build);
  const start = (step) => {
    lastStartAt = Date.now();
    waiting.splice(waiting.indexOf(step), 1);
    busy += step.cores;
    const promise = run(step).then((result) => {
      results.set(step, result);
      busy -= step.cores;
      running.delete(promise);
      startWhatFits();
    });
    running.add(promise);
  };
  const startWhatFits = () => {
    for (let next = waiting.find(mayStart); next && (busy < 1e-9 || busy + next.cores <= CORES + 1e-9);) {
      start(next);
      next = waiting.find(mayStart);
    }
    if (!waiting.length && !running.size) {
      clearInterval(lookForIdle);
      allDone();
    }
  };
  const lookForIdle = setInterval(() => {
    const idleCores = idle.sample();
    const next = waiting.find(mayStart);
    if (
      next &&
      idleCores !== null &&
      idleCores >= EARLY.idleCores &&
      busy + next.cores <= CORES + EARLY.overCores + 1e-9 &&
      Date.now() - lastStartAt >= EARLY.everyMs
    ) {
      console.log(`\n=== ${idleCores.toFixed(1)} cores idle for ${EARLY.lookSeconds} s: ${next.title} starts early`);
      start(next);
    }
  }, 1_000);
  startWhatFits();
});

const ordered = selected.map((step) => results.get(step));
const failedSteps = ordered.filter((r) => !r.passed);
const seconds = (Date.now() - started) / 1000;
console.log(`\nSummary (${seconds.toFixed(0)} s in all, up to ${CORES} cores of steps at once)`);
// Each step's CPU-s are what GNU time saw of its process tree; Chromium's renderers leave that tree (a browser
// step's real cost is about twice its figure, issue #20) and PostgreSQL is never in it. The machine's own count
// holds everything, including whatever else ran beside the tests.
const machineCpuSeconds = ((machineBusyTicks() - busyAtStart) * MS_PER_TICK) / 1000;
const stepsCpuSeconds = [...results.values()].reduce((sum, r) => sum + (r.cpuSeconds ?? 0), 0);
if (machineCpuSeconds > 0)
  console.log(
    `  the machine was busy ${machineCpuSeconds.toFixed(0)} CPU-s (${((machineCpuSeconds / seconds) * 100).toFixed(0)} % of a core on average, ${os.cpus().length} cores); the steps' own figures add up to ${stepsCpuSeconds.toFixed(0)}`,
  );
for (const r of ordered) {
  const counts = r.tests === undefined ? '' : `, ${r.tests} tests passed, ${r.failedTests} failed`;
  const cpu = r.cpuSeconds === undefined ? '' : `, ${r.cpuSeconds} CPU-s`;
  console.log(`  ${r.passed ? 'ok  ' : 'FAIL'} ${r.title} (${r.seconds} s${cpu}${counts})`);
  // The failures again at the end, where a truncated log still shows them.
  for (const failure of r.failures ?? []) {
    const [first, ...more] = failure.split('\n');
    console.log(`       ✕ ${first.slice(0, 300)}`);
    for (const line of more) console.log(`         ${line.slice(0, 200)}`);
  }
}
const passedTests = ordered.reduce((sum, r) => sum + (r.tests ?? 0), 0);
const failedTests =
  ordered.reduce((sum, r) => sum + (r.failedTests ?? 0), 0) + failedSteps.filter((r) => r.tests === undefined).length;
// The closing line CI reads: tests (and failed non-test steps such as lint) counted across every step.
console.log(`${passedTests} passed, ${failedTests} failed`);
process.exit(failedSteps.length ? 1 : 0);
