// A folder in memory for test temporaries: each test server's copy of the migrated PGlite folder, which PGlite then
// writes page by page, jest's cache, Chromium's profiles. On a disk folder (ext4) those writes cost an API shard on
// PGlite about twice the system time: 7.9, 11.2 → 4.9, 4.3 CPU-s for its second third (issue #20,
// docs/test-suite.md). Used only where the folder is a tmpfs with room to spare.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** statfs's type for tmpfs (Linux's TMPFS_MAGIC). */
const TMPFS_MAGIC = 0x01021994;
/** A whole run leaves about 60 MB (the PGlite template, jest's cache) and holds a few hundred MB at once. */
const MIN_FREE_BYTES = 2 * 1024 ** 3;

/**
 * This user's own folder under `root` (default /dev/shm) when `root` is a tmpfs with MIN_FREE_BYTES free; else
 * undefined (the system's temporary folder stays in use). The folder is made private, and one found there that is
 * not this user's own private folder is not used.
 */
function memoryTmpDir(root = '/dev/shm') {
  try {
    const { type, bavail, bsize } = fs.statfsSync(root);
    if (type !== TMPFS_MAGIC || bavail * bsize < MIN_FREE_BYTES) return undefined;
    const { uid } = os.userInfo();
    const dir = path.join(root, `parley-tests-${uid}`);
    fs.mkdirSync(dir, { mode: 0o700, recursive: true });
    const found = fs.lstatSync(dir);
    return found.isDirectory() && found.uid === uid && (found.mode & 0o077) === 0 ? dir : undefined;
  } catch {
    return undefined;
  }
}

module.exports = { TMPFS_MAGIC, memoryTmpDir };
