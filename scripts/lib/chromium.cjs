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

/** playwright-core's launch options for it. */
const chromiumLaunchOptions = () => ({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

module.exports = { CHROMIUM_PATH, CHROMIUM_ARGS, chromiumLaunchOptions };
