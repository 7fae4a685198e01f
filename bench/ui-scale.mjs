// UI scale bench: time to open a 10,000-message conversation and to filter 10,000 conversations in
// headless Chromium, each beside a small baseline measured the same way in the same run.
//
// No server is needed: the page is the built shell + remote-inbox, and every request (static files, API) is
// answered by playwright's page.route with generated data (lib/ui-page.mjs; run.mjs's P5 uses the same). Build first:
//   npm run build -w shell && npm run build -w remote-inbox && node bench/ui-scale.mjs [--runs 5]
import { launchBrowser } from './lib/browser.mjs';
import { filterScenario, openScenario } from './lib/ui-page.mjs';

const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (values) => `median ${median(values).toFixed(0)} ms (runs: ${values.map((v) => v.toFixed(0)).join(', ')})`;

const browser = await launchBrowser();
try {
  // "lucia silva" matches a few dozen of the 10,000 rows (names, profile names and emails are searched).
  const bigFilter = await filterScenario(browser, 10_000, 'lucia silva', RUNS);
  const smallFilter = await filterScenario(browser, 200, 'lucia', RUNS);
  const bigOpen = await openScenario(browser, 10_000, RUNS, process.env.BENCH_SCREENSHOT);
  const smallOpen = await openScenario(browser, 50, RUNS);
  console.log(`Filter 10,000 conversations (${bigFilter.matches} matches): ${fmt(bigFilter.times)}`);
  console.log(`  baseline, 200 conversations (${smallFilter.matches} matches): ${fmt(smallFilter.times)}`);
  console.log(
    `Open a 10,000-message conversation (${(bigOpen.bytes / 1e6).toFixed(1)} MB answer): ${fmt(bigOpen.times)}`,
  );
  console.log(`  baseline, 50 messages: ${fmt(smallOpen.times)}`);
} finally {
  await browser.close();
}
