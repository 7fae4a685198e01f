// Debian's Chromium (never a downloaded one) and the flags this closed network needs: without the
// background-networking ones, Chromium keeps calling Google's hosts. Used by browser tests, the deploy smoke
// run and the benchmarks.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium features turned off. Chromium reads only the last `--disable-features` switch and Playwright passes one
 * of its own before ours, so this list repeats Playwright's (playwright-core 1.65.1: phone-home features, and ones
 * its interception and screenshots need); scripts/lib/chromium.test.ts fails when Playwright's list has a name
 * this one lacks. Ours, the omnibox's two WebUI popups: every browser context gets a window whose address bar
 * loads them in a renderer of its own, never shown headless, about 1 CPU-s a context (launch and four contexts:
 * 7.5–7.8 → 2.6–2.7 CPU-s in all Chromium processes; three browser-test files, two interleaved pairs: 93, 104 → 84,
 * 87 CPU-s on the machine; issue #20). Pages run as before, so the benchmarks and the smoke run get it too.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
const DISABLED_FEATURES = [...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxAimPopup', 'WebUIOmniboxPopup'];
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

/**
 * Browser tests only: V8 runs scripts in its interpreter and its baseline compiler, Sparkplug (no optimising
 * compiler, no Maglev). A test's pages live for seconds, so optimising their scripts costs Chromium more CPU than
 * it saves (issue #20): `--no-opt` took 10 % off Chromium's CPU over e2e/tests/inbox.test.ts, `--no-maglev` more.
 * Sparkplug was off too while every test opened fresh pages; since the worker parks its pages and the app stays
 * loaded from test to test (support/worker.cjs), it pays: three browser-test files, four interleaved pairs, 80.5,
 * 83.0, 81.8, 85.6 → 76.6, 78.6, 79.4, 77.5 CPU-s on the machine; three others, two pairs, 128.3, 120.7 → 120.7,
 * 115.8. The benchmarks and the deploy's smoke run keep Chromium as users have it.
 */
const TEST_CHROMIUM_ARGS = ['--js-flags=--no-opt --no-maglev'];

/** playwright-core's launch options for it; `forTests` adds TEST_CHROMIUM_ARGS. */
const chromiumLaunchOptions = ({ forTests = false } = {}) => ({
  executablePath: CHROMIUM_PATH,
  args: forTests ? [...CHROMIUM_ARGS, ...TEST_CHROMIUM_ARGS] : CHROMIUM_ARGS,
});

module.exports = { CHROMIUM_PATH, CHROMIUM_ARGS, DISABLED_FEATURES, chromiumLaunchOptions };
