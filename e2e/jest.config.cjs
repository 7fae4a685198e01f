// Browser tests: one real stack (server + sandbox) per test file, Debian's Chromium driven by playwright-core.
module.exports = {
  ...require('../jest.preset.cjs')(),
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  testTimeout: 120_000,
  maxWorkers: 1,
};
