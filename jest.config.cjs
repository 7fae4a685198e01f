// Every jest suite of the monorepo as one set of projects; `npm test` (scripts/test.mjs) selects them step by step.
const preset = require('./jest.preset.cjs');
const server = require('./server/jest.config.cjs');

const web = (name) => ({ ...preset({ environment: 'jsdom' }), displayName: name, rootDir: `<rootDir>/${name}` });
const serverProject = (name) => server.projects.find((project) => project.displayName === name);

module.exports = {
  testTimeout: 30_000,
  projects: [
    web('shared'),
    web('shell'),
    web('remote-auth'),
    web('remote-inbox'),
    web('remote-library'),
    web('remote-admin'),
    { ...preset(), displayName: 'scripts', rootDir: '<rootDir>/scripts', testMatch: ['<rootDir>/**/*.test.ts'] },
    { ...preset(), displayName: 'sandbox', rootDir: '<rootDir>/sandbox', testMatch: ['<rootDir>/src/**/*.test.ts'] },
    { ...serverProject('unit'), displayName: 'server-unit' },
    { ...serverProject('api-pglite'), displayName: 'server-api-pglite' },
    { ...serverProject('api-postgres'), displayName: 'server-api-postgres' },
    {
      ...preset(),
      displayName: 'e2e',
      rootDir: '<rootDir>/e2e',
      testMatch: ['<rootDir>/tests/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/support/jest-setup.ts'],
    },
  ],
};
