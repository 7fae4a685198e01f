// Rewrites scripts/lib/test-durations.json from the reports the last `npm test` left in tmp/ (jest --json): how long
// each API and browser test file took, which scripts/lib/jest-sequencer.cjs uses to cut the API shards evenly and to
// start the longest browser files first. Run it after a full, green `npm test` when files were added or became
// slower or faster, and commit the result; a stale table only makes the shards less even, never skips a file.
import fs from 'node:fs';
import path from 'node:path';
import paths from './lib/paths.cjs';

const { ROOT } = paths;
const REPORTS = path.join(ROOT, 'tmp');
const TABLE = path.join(ROOT, 'scripts', 'lib', 'test-durations.json');
// The steps that run several processes or workers at once (scripts/test.mjs): their files' order and cut matter.
const STEP_REPORT = /^jest-(API-tests-on-|browser-tests)/;

const seconds = new Map();
const reports = fs.readdirSync(REPORTS).filter((name) => STEP_REPORT.test(name) && name.endsWith('.json'));
if (!reports.length) {
  console.error('no reports in tmp/: run `npm test` (or `npm test -- API browser`) first');
  process.exit(1);
}
for (const name of reports) {
  const report = JSON.parse(fs.readFileSync(path.join(REPORTS, name), 'utf8'));
  for (const file of report.testResults) {
    const key = path.relative(ROOT, file.name).split(path.sep).join('/');
    // The API files run once per database: the table keeps their mean.
    seconds.set(key, [...(seconds.get(key) ?? []), (file.endTime - file.startTime) / 1000]);
  }
}
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const table = Object.fromEntries(
  [...seconds.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, values]) => [key, Math.round(mean(values) * 10) / 10]),
);
const note =
  'Seconds each API and browser test file took in a full `npm test` (mean of both databases for API files); written by scripts/test-durations.mjs, read by scripts/lib/jest-sequencer.cjs.';
fs.writeFileSync(TABLE, `${JSON.stringify({ note, seconds: table }, null, 2)}\n`);
console.log(
  `wrote ${Object.keys(table).length} files' durations from ${reports.length} reports to ${path.relative(ROOT, TABLE)}`,
);
