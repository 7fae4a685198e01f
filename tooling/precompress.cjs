const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { markUsed, removeUnused } = require('./unused-files.cjs');

/**
 * Brotli and gzip twins (`x.js.br`, `x.js.gz`) of every text asset a browser loads, written once at build time so
 * the server (server/src/hosting) and nginx (deploy/nginx.conf, *_static) send them without compressing per request.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/i;
/** Below about one packet, compression saves nothing worth a second file. */
const MIN_BYTES = 1024;
/**
 * Twins made before, by content: brotli at its best quality costs ~13 CPU-s for the shell and the four remotes
 * (2026-12-04), yet most of a rebuild's files (the vendor chunks, a build of the same source in another folder, as
 * the deploy-versions browser test makes, or in another clone) are byte for byte the ones compressed last time. The
 * key is the content's hash and the settings below. In the user's own cache folder (XDG's), not the checkout's
 * node_modules, so that a fresh clone on the same machine finds them too (`npm test`'s build there took 33 CPU-s
 * instead of 53–57, issue #20); not in the system's temporary folder, which every user may write to.
 */
const CACHE_DIR = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'parley', 'precompress');
const SETTINGS_KEY = 'brotli-text-q11;gzip-9';
/** Twins no build used for this long are removed: the cache holds what recent builds made, not every build's. */
const CACHE_KEEP_UNUSED_MS = 30 * 24 * 60 * 60 * 1000;

/** Never served (hosting.ts and publish.cjs keep them off the wire). */
const SKIPPED = (name) => name.endsWith('.map') || name === 'mf-manifest-stats.json';

function isFresh(twin, source) {
  try {
    return fs.statSync(twin).mtimeMs >= fs.statSync(source).mtimeMs;
  } catch {
    return false;
  }
}

/** Writes the missing or stale twins under `folder`; returns how many files were compressed. */
function writeCompressedTwins(folder) {
  let written = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (COMPRESSIBLE.test(entry.name) && !SKIPPED(entry.name)) written += compressFile(file) ? 1 : 0;
    }
  };
  if (fs.existsSync(folder)) walk(folder);
  removeUnused(CACHE_DIR, () => true, CACHE_KEEP_UNUSED_MS);
  return written;
}

function compressFile(file) {
  const br = `${file}.br`;
  const gz = `${file}.gz`;
  if (isFresh(br, file) && isFresh(gz, file)) return false;
  const body = fs.readFileSync(file);
  if (body.length < MIN_BYTES) return false;
  const key = crypto.createHash('sha256').update(SETTINGS_KEY).update(body).digest('hex');
  const brotli = () =>
    zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  fs.writeFileSync(br, cached(`${key}.br`, brotli));
  fs.writeFileSync(
    gz,
    cached(`${key}.gz`, () => zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION })),
  );
  return true;
}

/** The cached bytes under `name`, else `compress()`'s, kept for next time (written aside, then renamed into place). */
function cached(name, compress) {
  const file = path.join(CACHE_DIR, name);
  try {
    const bytes = fs.readFileSync(file);
    markUsed(file);
    return bytes;
  } catch {
    const bytes = compress();
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    const aside = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(aside, bytes);
    fs.renameSync(aside, file);
    return bytes;
  }
}

module.exports = { writeCompressedTwins, MIN_BYTES };
