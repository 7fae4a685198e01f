const fs = require('node:fs');
const path = require('node:path');
const { entryOf } = require('./pointer.cjs');
const { versionFolder } = require('./publish.cjs');

/** The folder of the live shell: its deployed version, or the build the server falls back to (WEB_ROOT). */
function liveShellDir(pointer, deploymentsDir, shellDir) {
  const live = pointer.shell?.live;
  return live ? versionFolder(deploymentsDir, 'shell', live) : shellDir;
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** Each live remote's deployed folder, for checking a new shell against them. */
function liveRemoteDirs(pointer, deploymentsDir) {
  return Object.entries(pointer.remotes)
    .filter(([, entry]) => entry?.live)
    .map(([remote]) => ({ remote, dir: versionFolder(deploymentsDir, remote, entryOf(pointer, remote).live) }));
}

/** Each live remote's federation manifest, for checking a new shell against them. */
const liveRemoteManifests = (pointer, deploymentsDir) =>
  liveRemoteDirs(pointer, deploymentsDir).map(({ remote, dir }) => ({
    remote,
    manifest: readJson(path.join(dir, 'mf-manifest.json')),
  }));

module.exports = { liveShellDir, liveRemoteDirs, liveRemoteManifests, readJson };
