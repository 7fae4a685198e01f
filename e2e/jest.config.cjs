// Browser tests: one real stack (server + sandbox) per test file, Debian's Chromium driven by playwright-core (one per
// jest worker, kept from file to file: support/worker.cjs). Files never share a stack, so `npm test` runs two at once
// (they mostly wait); run alone here, one at a time.
// support/jest-setup.ts gives each test its time.
const { project } = require('../jest.preset.cjs');

module.exports = {
  ...project({
    name: 'e2e',
    rootDir: __dirname,
    testMatch: ['<rootDir>/tests/**/*.test.ts'],
    setupFilesAfterEnv: ['<rootDir>/support/jest-setup.ts'],
    // Node's, plus a flag for a failed test (support/environment.cjs, support/failure-report.ts).
    testEnvironment: '<rootDir>/support/environment.cjs',
    // The migrated PGlite template every stack copies, made before any file runs.
    globalSetup: '<rootDir>/../scripts/lib/jest-global-setup.cjs',
    globalTeardown: '<rootDir>/support/global-teardown.cjs',
  }),
  maxWorkers: 1,
};
