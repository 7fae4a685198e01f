const fs = require('node:fs');
const path = require('node:path');

/**
 * What the build and the tests keep outside the checkout for the next run (the compressed twins' cache, the migrated
 * PGlite templates) would otherwise only grow: each use marks its entry, and entries nobody used for a while go.
 */

/** Marks `entry` (a file or folder) as used now: its modification time, which `removeUnused` reads. */
function markUsed(entry, now = new Date()) {
  try {
    fs.utimesSync(entry, now, now);
  } catch {
    // Gone meanwhile: whoever needs it next makes it again.
  }
}

/**
 * Removes the entries of `folder` whose names `matches` accepts and that were not used (modified or marked) for
 * `maxAgeMs`; returns their names. An entry another process removes meanwhile is skipped.
 */
function removeUnused(folder, matches, maxAgeMs, now = Date.now()) {
  let names;
  try {
    names = fs.readdirSync(folder);
  } catch {
    return [];
  }
  const removed = [];
  for (const name of names.filter(matches)) {
    const entry = path.join(folder, name);
    try {
      if (now - fs.statSync(entry).mtimeMs < maxAgeMs) continue;
      fs.rmSync(entry, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Removed by another process meanwhile.
    }
  }
  return removed;
}

module.exports = { markUsed, removeUnused };
