// Debian's Chromium (never a downloaded one) and the flags this closed network needs: without the
// background-networking ones, Chromium keeps calling Google's hosts. Used by browser tests, the deploy smoke
// run and the benchmarks.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * Browser tests only: V8 runs scripts in its interpreter alone (no optimising compiler, no Maglev, no Sparkplug). A
 * test's pages live for seconds, so compiling their scripts further costs Chromium more CPU than it saves (issue
 * #20): `--no-opt` took 10 % off Chromium's CPU over e2e/tests/inbox.test.ts; `--no-maglev --no-sparkplug` another
 * 10 % off the whole file (70.1, 69.5 → 63.3, 62.5 CPU-s, all processes) and 8 % off six cold sign-in loads of /main
 * (nine pairs). The benchmarks and the deploy's smoke run keep Chromium as users have it.
 */
const TEST_CHROMIUM_ARGS = ['--js-flags=--no-opt --no-maglev --no-sparkplug'];

/** playwright-core's launch options for it; `forTests` adds TEST_CHROMIUM_ARGS. */
const chromiumLaunchOptions = ({ forTests = false } = {}) => ({
  executablePath: CHROMIUM_PATH,
  args: forTests ? [...CHROMIUM_ARGS, ...TEST_CHROMIUM_ARGS] : CHROMIUM_ARGS,
});

module.exports = { CHROMIUM_PATH, CHROMIUM_ARGS, chromiumLaunchOptions };
