const { createConfig } = require('../tooling/rspack-config.cjs');

// remote-auth: each exposed module is one page, exported as a single-spa parcel (see src/expose/).
module.exports = createConfig({
  dir: __dirname,
  name: 'remote_auth',
  port: 3101,
  exposes: {
    './Login': './src/expose/login.ts',
    './ForgotPassword': './src/expose/forgot-password.ts',
    './SignUp': './src/expose/sign-up.ts',
    './Verify': './src/expose/verify.ts',
    './TermsOfService': './src/expose/terms-of-service.ts',
  },
});
