const path = require('node:path');
const { createConfig } = require('../tooling/rspack-config.cjs');

// The host. It knows no remote URL at build time: src/index.ts reads /remotes.json at boot.
module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  port: 3100,
  runtimePlugins: [path.join(__dirname, 'src/federation/fallback-plugin.ts')],
});
