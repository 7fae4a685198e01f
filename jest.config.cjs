// Every jest suite of the monorepo as one set of projects, each taken from its package's own jest.config.cjs
// (so running jest inside a package and from here is the same run); `npm test` (scripts/test.mjs) selects them
// step by step. A package with several projects (server) names them <package>-<project>.
const fs = require('node:fs');
const path = require('node:path');
const { TEST_TIMEOUT_MS } = require('./jest.preset.cjs');

const PACKAGES = [
  'shared',
  'shell',
  'remote-auth',
  'remote-inbox',
  'remote-library',
  'remote-admin',
  'contract',
  'scripts',
  'sandbox',
  'server',
  'e2e',
];

function projectsOf(name) {
  const file = path.join(__dirname, name, 'jest.config.cjs');
  if (!fs.existsSync(file)) return [];
  const config = require(file);
  const projects = config.projects ?? [config];
  // testTimeout and maxWorkers only count at the top level: the root's own apply (e2e runs with --runInBand).
  return projects.map(({ testTimeout: _timeout, maxWorkers: _workers, ...project }) => ({
    rootDir: path.join(__dirname, name),
    ...project,
    displayName: projects.length > 1 ? `${name}-${project.displayName}` : name,
  }));
}

module.exports = {
  testTimeout: TEST_TIMEOUT_MS,
  // Even API shards and longest browser files first on a fresh clone, from recorded durations.
  testSequencer: path.join(__dirname, 'scripts/lib/jest-sequencer.cjs'),
  projects: PACKAGES.flatMap(projectsOf),
};
