const { createConfig } = require('../tooling/rspack-config.cjs');

// remote-admin: each exposed module is one page, exported as a single-spa parcel (see src/expose/).
module.exports = createConfig({
  dir: __dirname,
  name: 'remote_admin',
  port: 3104,
  exposes: {
    './Users': './src/expose/users.ts',
    './Credentials': './src/expose/credentials.ts',
    './Profile': './src/expose/profile.ts',
    './Reports': './src/expose/reports.ts',
  },
});
