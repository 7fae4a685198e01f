// Tests of the build, deploy and test scripts; the root jest.config.cjs runs this same project in `npm test`.
const { packageConfig, project } = require('../jest.preset.cjs');

module.exports = packageConfig(project({ name: 'scripts', rootDir: __dirname, testMatch: ['<rootDir>/**/*.test.ts'] }));
