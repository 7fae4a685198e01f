const fs = require('node:fs');
const lockfile = require('proper-lockfile');
const { pointerPath, readPointer, writePointer } = require('./pointer.cjs');
const { readDeployLog, appendDeployLog } = require('./deploy-log.cjs');

/** A change whose premise no longer holds (someone else changed the same remote meanwhile): nothing was written. */
class PointerConflict extends Error {}

// A holder refreshes the lock every `update` ms; a lock untouched for `stale` ms (its process died) is taken over.
const LOCK_OPTIONS = {
  realpath: false,
  stale: 10_000,
  update: 2_000,
  retries: { retries: 200, factor: 1.2, minTimeout: 20, maxTimeout: 500, randomize: true },
};

/**
 * Compare-and-swap of the pointer: under the lock, re-read the pointer and the deploy log, let `change` decide on
 * that fresh state (it throws PointerConflict when its premise is gone), write the result with the next revision,
 * then log the event. Changes to different remotes never lose each other.
 * `change(pointer, log) → { pointer, event }`; resolves to the written pointer.
 */
async function updatePointer(deploymentsDir, change) {
  fs.mkdirSync(deploymentsDir, { recursive: true });
  const release = await lockfile.lock(pointerPath(deploymentsDir), LOCK_OPTIONS);
  try {
    const fresh = readPointer(deploymentsDir);
    const { pointer, event } = change(fresh, readDeployLog(deploymentsDir));
    const next = { ...pointer, revision: (fresh.revision ?? 0) + 1 };
    writePointer(deploymentsDir, next);
    if (event) appendDeployLog(deploymentsDir, { at: new Date().toISOString(), ...event });
    return next;
  } finally {
    await release();
  }
}

module.exports = { PointerConflict, updatePointer, LOCK_OPTIONS };
