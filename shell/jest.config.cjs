// Component and unit tests of shell (jsdom); the root jest.config.cjs runs this same project in `npm test`.
const { packageConfig, project } = require('../jest.preset.cjs');

module.exports = packageConfig(project({ name: 'shell', rootDir: __dirname, environment: 'jsdom' }));
