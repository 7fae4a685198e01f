const fs = require('node:fs');
const path = require('node:path');
const { referencedVersions } = require('./pointer.cjs');
const { deployedVersions, versionFolder } = require('./publish.cjs');

/**
 * The versions of `name` that `releases --prune keep` removes: all but the newest `keep` (by when they were last
 * deployed, else published) and every version the pointer names (live, fallbacks, history).
 */
function versionsToPrune(deploymentsDir, pointer, log, name, keep) {
  const lastDeploy = new Map();
  for (const event of log)
    if (event.name === name && event.action === 'deploy') lastDeploy.set(event.version, event.at);
  const when = (version) =>
    lastDeploy.get(version) ?? fs.statSync(versionFolder(deploymentsDir, name, version)).mtime.toISOString();
  const newestFirst = deployedVersions(deploymentsDir, name).sort((a, b) => when(b).localeCompare(when(a)));
  const kept = new Set([...newestFirst.slice(0, keep), ...referencedVersions(pointer, name)]);
  return newestFirst.filter((version) => !kept.has(version));
}

function removeVersion(deploymentsDir, name, version) {
  // Renamed away first, so the server never serves a half-deleted folder.
  const folder = versionFolder(deploymentsDir, name, version);
  const doomed = path.join(deploymentsDir, name, `.pruned-${version}-${process.pid}`);
  fs.renameSync(folder, doomed);
  fs.rmSync(doomed, { recursive: true, force: true });
}

module.exports = { versionsToPrune, removeVersion };
