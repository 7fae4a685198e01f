const fs = require('node:fs');
const path = require('node:path');

/** How many deployments the pointer remembers per remote (the shell falls back through the older ones). */
const HISTORY_LENGTH = 5;

const pointerPath = (deploymentsDir) => path.join(deploymentsDir, 'remotes.json');

function readPointer(deploymentsDir) {
  try {
    return { remotes: {}, ...JSON.parse(fs.readFileSync(pointerPath(deploymentsDir), 'utf8')) };
  } catch (error) {
    if (error.code === 'ENOENT') return { remotes: {} };
    throw error;
  }
}

/** Atomic: write a temporary file beside it, then rename over it — a reader never sees half a file. */
function writePointer(deploymentsDir, pointer) {
  fs.mkdirSync(deploymentsDir, { recursive: true });
  const target = pointerPath(deploymentsDir);
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(pointer, null, 2)}\n`);
  fs.renameSync(temporary, target);
}

/** A new deployment: first in the history (deploy order, newest first, kept short) and live. */
function recordDeploy(pointer, remote, version, deployedAt = new Date().toISOString()) {
  const entry = pointer.remotes[remote] ?? { history: [] };
  const history = [{ version, deployedAt }, ...(entry.history ?? []).filter((r) => r.version !== version)].slice(
    0,
    HISTORY_LENGTH,
  );
  return { ...pointer, remotes: { ...pointer.remotes, [remote]: { live: version, history } } };
}

/** The version a plain rollback returns to: the one deployed just before the live one. */
function previousVersion(pointer, remote) {
  const entry = pointer.remotes[remote];
  if (!entry) return undefined;
  const versions = (entry.history ?? []).map((r) => r.version);
  const index = versions.indexOf(entry.live);
  return index >= 0 ? versions[index + 1] : versions[0];
}

/** Rollback (or roll forward) only moves `live`; the history of deployments stays as it was. */
function pointLive(pointer, remote, version) {
  const entry = pointer.remotes[remote] ?? { history: [] };
  return { ...pointer, remotes: { ...pointer.remotes, [remote]: { ...entry, live: version } } };
}

module.exports = { HISTORY_LENGTH, pointerPath, readPointer, writePointer, recordDeploy, previousVersion, pointLive };
