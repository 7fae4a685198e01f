// Component and unit tests of remote-library (jsdom); the root jest.config.cjs runs this same project in `npm test`.
const { packageConfig, project } = require('../jest.preset.cjs');

module.exports = packageConfig(project({ name: 'remote-library', rootDir: __dirname, environment: 'jsdom' }));
