// Parley's benchmarks: each figure beside its baseline, measured in the same run (issue 10).
//   npm run bench                 full sizes → bench/REPORT.md and bench/REPORT.json
//   npm run bench -- --quick      tiny sizes, seconds per figure → bench/tmp/quick-report.*
//   npm run bench -- --smoke      P1 only at smaller sizes still (part of npm test) → bench/tmp/quick-report.*
//   npm run bench -- --only P1,P3 some figures only; --profile also CPU-profiles P1 (on by default in full runs)
// Exits non-zero when a figure produced no numbers or counted a lost or duplicated message.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeAllBrowsers } from './lib/browser.mjs';
import { cpuSnapshot, loadAverage, machineFacts, otherBusyProcesses, othersCpuSince } from './lib/machine.mjs';
import { parseOptions, sizesFor } from './lib/options.mjs';
import { dropAllCreated, postgresVersion } from './lib/postgres.mjs';
import { stopAllRelays } from './lib/relay.mjs';
import { problemsOf, writeReport } from './lib/report.mjs';
import { ROOT, stopAllStacks } from './lib/stack.mjs';
import p1 from './figures/p1-realtime.mjs';
import p2 from './figures/p2-ingest.mjs';
import p3 from './figures/p3-api.mjs';
import p4 from './figures/p4-load.mjs';
import p5 from './figures/p5-ui-scale.mjs';
import p6 from './figures/p6-memory.mjs';
import p7 from './figures/p7-burst.mjs';
import { issueTargets } from './lib/targets.mjs';

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const FIGURES = [p1, p2, p3, p4, p5, p6, p7];
const argv = process.argv.slice(2);
const options = parseOptions(argv);
const sizes = sizesFor(options.quick, options.smoke);
sizes.p1 = { ...sizes.p1, ...options.p1 };
const profile = argv.includes('--profile') || (!options.quick && !argv.includes('--no-profile'));
const tmpDir = path.join(BENCH, 'tmp');
fs.mkdirSync(tmpDir, { recursive: true });
// Whole-run bound: a stuck figure must not hold the machine (or npm test) forever.
const RUN_LIMIT_MS = options.quick ? 8 * 60_000 : 120 * 60_000;

const started = Date.now();
const log = (text) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}`);

async function cleanUp() {
  await closeAllBrowsers();
  await stopAllStacks();
  await stopAllRelays();
  await dropAllCreated().catch(() => undefined);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping everything this bench started`);
    cleanUp().finally(() => process.exit(130));
  });
}
const runTimer = setTimeout(() => {
  log(`run limit of ${RUN_LIMIT_MS / 60_000} min reached: stopping`);
  cleanUp().finally(() => process.exit(2));
}, RUN_LIMIT_MS);
runTimer.unref();

function requireBuilt() {
  const missing = [
    'server/dist/main.js',
    'sandbox/dist/main.js',
    'shell/dist/index.html',
    'deployments/remotes.json',
  ].filter((file) => !fs.existsSync(path.join(ROOT, file)));
  if (missing.length) throw new Error(`build first (npm run build): missing ${missing.join(', ')}`);
}

async function main() {
  requireBuilt();
  const machine = machineFacts();
  machine.postgres = await postgresVersion().catch((error) => `unreachable (${error.message})`);
  try {
    machine.chromium = execFileSync('/usr/bin/chromium', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    machine.chromium = 'not found';
  }
  const built = (file) => fs.statSync(path.join(ROOT, file)).mtime.toISOString();
  const pointer = JSON.parse(fs.readFileSync(path.join(ROOT, 'deployments/remotes.json'), 'utf8'));
  machine.builds = {
    server: built('server/dist/main.js'),
    shell: built('shell/dist/index.html'),
    remotes: Object.entries(pointer.remotes ?? {})
      .map(([name, entry]) => `${name} ${entry.live}`)
      .join(', '),
    commit: (() => {
      try {
        return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
      } catch {
        return 'unknown';
      }
    })(),
  };
  const othersAtStart = await otherBusyProcesses();
  const report = {
    quick: options.quick,
    argv,
    machine,
    sizes,
    figures: [],
    shared: false,
    sharedEvidence: '',
    seconds: 0,
  };
  log(
    `${options.quick ? 'quick' : 'full'} run of ${options.only.join(', ')} on ${machine.cpuModel} × ${machine.cores}, load ${loadAverage().join(' / ')}`,
  );

  for (const figure of FIGURES.filter((f) => options.only.includes(f.id))) {
    const figureStarted = Date.now();
    const loadBefore = loadAverage();
    const othersBusy = await otherBusyProcesses();
    const snapshot = cpuSnapshot();
    let result;
    try {
      result = await figure.run({
        sizes,
        quick: options.quick,
        log,
        tmpDir,
        profile,
        skipBrowser: options.skipBrowser,
      });
    } catch (error) {
      log(`${figure.id} failed: ${error.stack ?? error}`);
      result = { error: String(error.message ?? error).split('\n')[0] };
    } finally {
      await cleanUp();
    }
    const entry = {
      id: figure.id,
      title: figure.title,
      ...result,
      seconds: Number(((Date.now() - figureStarted) / 1000).toFixed(1)),
      loadBefore,
      loadAfter: loadAverage(),
      othersCpu: othersCpuSince(snapshot),
      othersBusy: [...new Set([...othersBusy, ...(await otherBusyProcesses())])],
    };
    entry.problems = problemsOf(entry);
    report.figures.push(entry);
    log(
      `${figure.id} done in ${entry.seconds} s${entry.problems.length ? ` — PROBLEMS: ${entry.problems.join('; ')}` : ''}`,
    );
    for (const row of entry.rows ?? []) {
      log(
        `  ${row.label}: Parley ${row.parley.median} / ${row.parley.p99} ${row.unit}, baseline ${row.baseline.median} / ${row.baseline.p99} (median / p99), ratio ${row.ratio.median}× / ${row.ratio.p99}×`,
      );
    }
  }

  const busySeen = [...othersAtStart, ...report.figures.flatMap((f) => f.othersBusy)];
  const busiest = Math.max(0, ...report.figures.map((f) => f.othersCpu ?? 0));
  report.shared = busySeen.length > 0 || busiest >= 20;
  report.sharedEvidence = `processes outside the bench used up to ${busiest} % of a core on average during a figure; seen busy: ${[...new Set(busySeen.map((entry) => entry.replace(/\(\d+\).*/, '')))].join(', ') || 'none'}`;
  report.seconds = Number(((Date.now() - started) / 1000).toFixed(0));
  const files =
    options.quick || options.only.length < FIGURES.length
      ? { mdFile: path.join(tmpDir, 'partial-report.md'), jsonFile: path.join(tmpDir, 'partial-report.json') }
      : { mdFile: path.join(BENCH, 'REPORT.md'), jsonFile: path.join(BENCH, 'REPORT.json') };
  if (options.quick)
    Object.assign(files, {
      mdFile: path.join(tmpDir, 'quick-report.md'),
      jsonFile: path.join(tmpDir, 'quick-report.json'),
    });
  writeReport({ ...files, report });
  for (const line of issueTargets(report.figures).filter((target) => target.parley != null))
    log(
      `  target: ${line.figure}: Parley ${line.parley}, relay ${line.relay}, target ${line.target}${line.met ? '' : ' — NOT MET'}`,
    );
  const problems = report.figures.flatMap((f) => f.problems.map((p) => `${f.id}: ${p}`));
  log(`report: ${path.relative(process.cwd(), files.mdFile)}`);
  if (problems.length) {
    log(`FAILED (${problems.length}):\n  ${problems.join('\n  ')}`);
    return 1;
  }
  log(`all ${report.figures.length} figures produced numbers, no lost or duplicated message (${report.seconds} s)`);
  return 0;
}

main()
  .then((code) => cleanUp().then(() => process.exit(code)))
  .catch((error) => {
    console.error(error);
    cleanUp().finally(() => process.exit(1));
  });
