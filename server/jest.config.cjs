// Three projects: unit tests next to the code, and the API suite (test/) run once on PGlite and once on
// PostgreSQL. TEST_DB=pglite|postgres narrows the API suite to one database. The root jest.config.cjs runs
// these same projects (as server-unit, server-api-pglite, server-api-postgres).
const { packageConfig, project } = require('../jest.preset.cjs');

// ESM-only packages the server pulls in (beyond the shared preset's list) must be compiled for jest's CommonJS.
const server = (settings) => {
  const base = project({
    rootDir: __dirname,
    esmOnly: ['@electric-sql/pglite', 'whatsapp-api-js'],
    ...settings,
  });
  return {
    ...base,
    transform: {
      '/node_modules/@electric-sql/pglite/.+\\.c?js$': '<rootDir>/test/helpers/dynamic-import-transform.cjs',
      ...base.transform,
    },
  };
};

const unit = server({ name: 'unit', testMatch: ['<rootDir>/src/**/*.test.ts'] });
const api = (db) =>
  server({
    name: `api-${db}`,
    testMatch: ['<rootDir>/test/**/*.test.ts'],
    globals: { PARLEY_TEST_DB: db },
    // The migrated PGlite template, made before any file runs (some files start PGlite servers on either project).
    globalSetup: '<rootDir>/../scripts/lib/jest-global-setup.cjs',
  });

const selected = process.env.TEST_DB;
const apiProjects = selected ? [api(selected)] : [api('pglite'), api('postgres')];

module.exports = packageConfig(unit, ...apiProjects);
