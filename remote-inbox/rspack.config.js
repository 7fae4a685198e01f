const { createConfig } = require('../tooling/rspack-config.cjs');

// remote-inbox: each exposed module is one page, exported as a single-spa parcel (see src/expose/).
module.exports = createConfig({
  dir: __dirname,
  name: 'remote_inbox',
  port: 3102,
  exposes: {
    './Dashboard': './src/expose/dashboard.ts',
  },
});
