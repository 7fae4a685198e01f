const { createConfig } = require('../tooling/rspack-config.cjs');

// remote-library: each exposed module is one page, exported as a single-spa parcel (see src/expose/).
module.exports = createConfig({
  dir: __dirname,
  name: 'remote_library',
  port: 3103,
  exposes: {
    './Contacts': './src/expose/contacts.ts',
    './Assets': './src/expose/assets.ts',
    './Forms': './src/expose/forms.ts',
    './SavedReplies': './src/expose/saved-replies.ts',
    './Labels': './src/expose/labels.ts',
  },
});
