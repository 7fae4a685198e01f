// Component and unit tests of remote-admin (jsdom); the root jest.config.cjs runs this same project in `npm test`.
const { packageConfig, project } = require('../jest.preset.cjs');

module.exports = packageConfig(project({ name: 'remote-admin', rootDir: __dirname, environment: 'jsdom' }));
