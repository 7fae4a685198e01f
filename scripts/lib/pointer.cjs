const fs = require('node:fs');
const path = require('node:path');
const { deployOrder, versionsBefore } = require('./deploy-log.cjs');

/** How many deployments the pointer shows per remote, and how many earlier versions the browser falls back to. */
const HISTORY_LENGTH = 5;
const FALLBACKS = 4;

const pointerPath = (deploymentsDir) => path.join(deploymentsDir, 'remotes.json');

/** `{ revision, shell?, remotes }`; `shell` has the same shape as a remote's entry. */
function readPointer(deploymentsDir) {
  try {
    return { revision: 0, remotes: {}, ...JSON.parse(fs.readFileSync(pointerPath(deploymentsDir), 'utf8')) };
  } catch (error) {
    if (error.code === 'ENOENT') return { revision: 0, remotes: {} };
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

/** The entry of a remote, or of the shell (name 'shell'). */
function entryOf(pointer, name) {
  return name === 'shell' ? pointer.shell : pointer.remotes[name];
}

function withEntry(pointer, name, entry) {
  if (name === 'shell') return { ...pointer, shell: entry };
  return { ...pointer, remotes: { ...pointer.remotes, [name]: entry } };
}

/** Makes `version` live and names its fallbacks: the versions deployed before it, in deploy order. */
function pointAt(pointer, name, version, log) {
  const history = entryOf(pointer, name)?.history ?? [];
  const order = deployOrder(log, name, history);
  return withEntry(pointer, name, {
    live: version,
    fallbacks: versionsBefore(order, version, FALLBACKS),
    history,
  });
}

/** A deployment: first in the history (deploy order, newest first, kept short), live, with its fallbacks. */
function recordDeploy(pointer, name, version, log, deployedAt = new Date().toISOString()) {
  const entry = entryOf(pointer, name) ?? { history: [] };
  const history = [{ version, deployedAt }, ...(entry.history ?? []).filter((r) => r.version !== version)].slice(
    0,
    HISTORY_LENGTH,
  );
  const withDeploy = [...log, { name, action: 'deploy', version, at: deployedAt }];
  return pointAt(withEntry(pointer, name, { ...entry, history }), name, version, withDeploy);
}

/** Rollback (or roll forward) moves `live`; the fallbacks follow the deploy order, the history stays. */
function pointLive(pointer, name, version, log) {
  return pointAt(pointer, name, version, log);
}

/** Where a plain rollback goes: the version deployed just before the live one. */
function previousVersion(pointer, name, log) {
  const entry = entryOf(pointer, name);
  if (!entry?.live) return undefined;
  return versionsBefore(deployOrder(log, name, entry.history ?? []), entry.live, 1)[0];
}

/** Every version a pointer names (live, history, fallbacks): never pruned. */
function referencedVersions(pointer, name) {
  const entry = entryOf(pointer, name);
  if (!entry) return new Set();
  return new Set([entry.live, ...(entry.fallbacks ?? []), ...(entry.history ?? []).map((r) => r.version)]);
}

module.exports = {
  HISTORY_LENGTH,
  FALLBACKS,
  pointerPath,
  readPointer,
  writePointer,
  entryOf,
  recordDeploy,
  pointLive,
  previousVersion,
  referencedVersions,
};
