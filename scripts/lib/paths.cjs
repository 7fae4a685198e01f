const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const REMOTES = ['remote-auth', 'remote-inbox', 'remote-library', 'remote-admin'];
/** What deploy, rollback and releases handle: every remote and the shell itself. */
const TARGETS = [...REMOTES, 'shell'];
const DEPLOYMENTS_DIR = process.env.DEPLOYMENTS_DIR ?? path.join(ROOT, 'deployments');
/** The shell build served until a shell version is deployed (the server's WEB_ROOT). */
const SHELL_DIR = process.env.WEB_ROOT ?? path.join(ROOT, 'shell/dist');

module.exports = { ROOT, REMOTES, TARGETS, DEPLOYMENTS_DIR, SHELL_DIR };
