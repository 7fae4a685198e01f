const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const REMOTES = ['remote-auth', 'remote-inbox', 'remote-library', 'remote-admin'];
const DEPLOYMENTS_DIR = process.env.DEPLOYMENTS_DIR ?? path.join(ROOT, 'deployments');
/** The live shell: the server serves it from WEB_ROOT. */
const SHELL_DIR = process.env.WEB_ROOT ?? path.join(ROOT, 'shell/dist');

module.exports = { ROOT, REMOTES, DEPLOYMENTS_DIR, SHELL_DIR };
