// The sandbox's unit tests; the root jest.config.cjs runs this same project in `npm test`.
const { packageConfig, project } = require('../jest.preset.cjs');

module.exports = packageConfig(
  project({ name: 'sandbox', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.test.ts'] }),
);
