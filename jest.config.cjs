// Every jest suite of the monorepo as one set of projects; `npm test` selects them step by step.
const preset = require('./jest.preset.cjs');

const web = (name) => ({ ...preset({ environment: 'jsdom' }), displayName: name, rootDir: `<rootDir>/${name}` });

module.exports = {
  projects: [
    web('shared'),
    web('shell'),
    web('remote-auth'),
    web('remote-inbox'),
    web('remote-library'),
    web('remote-admin'),
    { ...preset(), displayName: 'sandbox', rootDir: '<rootDir>/sandbox', testMatch: ['<rootDir>/src/**/*.test.ts'] },
    { ...preset(), displayName: 'server-unit', rootDir: '<rootDir>/server', testMatch: ['<rootDir>/src/**/*.test.ts'] },
    {
      ...preset(),
      displayName: 'server-api',
      rootDir: '<rootDir>/server',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
    },
    {
      ...preset(),
      displayName: 'e2e',
      rootDir: '<rootDir>/e2e',
      testMatch: ['<rootDir>/tests/**/*.test.ts'],
    },
  ],
};
