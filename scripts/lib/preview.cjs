const fs = require('node:fs');
const path = require('node:path');
const { REMOTES, ROOT } = require('./paths.cjs');
const { defaultVersion, versionFolder } = require('./publish.cjs');
const { recordDeploy, writePointer } = require('./pointer.cjs');

/**
 * A private deployments folder where the working tree's builds (shell and every remote) are live: what browser
 * tests run, whatever ops made live in deployments/ (a rollback there must not change what the tests see, and
 * tests that deploy or break versions must not touch it). Source maps are left out.
 */
function previewDeployments(targetDir) {
  let pointer = { revision: 0, remotes: {} };
  for (const name of [...REMOTES, 'shell']) {
    const dist = path.join(ROOT, name, 'dist');
    const version = defaultVersion(path.join(ROOT, name), dist);
    fs.cpSync(dist, versionFolder(targetDir, name, version), {
      recursive: true,
      filter: (source) => !source.endsWith('.map'),
    });
    pointer = recordDeploy(pointer, name, version, []);
  }
  writePointer(targetDir, pointer);
  return pointer;
}

module.exports = { previewDeployments };
