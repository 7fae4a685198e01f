const path = require('node:path');
const { rspack } = require('@rspack/core');
const { createConfig } = require('../tooling/rspack-config.cjs');

// The host. It knows no remote URL at build time: src/index.ts reads /remotes.json at boot.
const config = createConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  port: 3100,
  runtimePlugins: [path.join(__dirname, 'src/federation/fallback-plugin.ts')],
});

// The deploy guard reads from the built shell which exposed modules it routes to.
// public/favicon.ico is served at /favicon.ico (browsers ask for it on every page).
config.plugins.push(
  new rspack.CopyRspackPlugin({ patterns: [{ from: 'src/routes/page-routes.json' }, { from: 'public/favicon.ico' }] }),
);

module.exports = config;
