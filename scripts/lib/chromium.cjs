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
 * Browser tests only: V8's optimising compiler off. A test's pages live for seconds, so optimising their scripts
 * costs Chromium more CPU than it saves: Chromium's CPU over e2e/tests/inbox.test.ts went down 10 %, two runs each
 * (issue #20). The benchmarks and the deploy's smoke run keep Chromium as users have it.
 */
const TEST_CHROMIUM_ARGS = ['--js-flags=--no-opt'];

/** playwright-core's launch options for it; `forTests` adds TEST_CHROMIUM_ARGS. */
const chromiumLaunchOptions = ({ forTests = false } = {}) => ({
  executablePath: CHROMIUM_PATH,
  args: forTests ? [...CHROMIUM_ARGS, ...TEST_CHROMIUM_ARGS] : CHROMIUM_ARGS,
});

module.exports = { CHROMIUM_PATH, CHROMIUM_ARGS, chromiumLaunchOptions };
