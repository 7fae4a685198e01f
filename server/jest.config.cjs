// Three projects: unit tests next to the code, and the API suite (test/) run once on PGlite and once on
// PostgreSQL. TEST_DB=pglite|postgres narrows the API suite to one database.
const base = require('../jest.preset.cjs')();

// ESM-only packages the server pulls in (beyond the shared preset's list) must be compiled for jest's CommonJS.
const esmOnly = ['jose', 'content-disposition', '@electric-sql/pglite'];
const preset = {
  ...base,
  transform: {
    '/node_modules/@electric-sql/pglite/.+\\.c?js$': '<rootDir>/test/helpers/dynamic-import-transform.cjs',
    ...base.transform,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
};

const unit = {
  ...preset,
  displayName: 'unit',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.test.ts'],
};

const api = (db) => ({
  ...preset,
  displayName: `api-${db}`,
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globals: { PARLEY_TEST_DB: db },
});

const selected = process.env.TEST_DB;
const apiProjects = selected ? [api(selected)] : [api('pglite'), api('postgres')];

module.exports = {
  projects: [unit, ...apiProjects],
  testTimeout: 30000,
};
