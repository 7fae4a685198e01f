// A PGlite database with Parley's schema already migrated, for tests and benchmarks that start many servers:
// PGlite's initdb and the migrations cost seconds of CPU per server, so they run once per PGlite build and set of
// migrations, into a template data folder that each server's own folder is copied from. A server opening a copy
// finds every migration applied. (Production makes its folder itself: server/src/db/client.ts.)
// (Loading a dumpDataDir archive into memory instead was tried: slower under jest, 3–4 s of CPU a server.)
const { execFile } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { promisify } = require('node:util');
const { markUsed, removeUnused } = require('../../tooling/unused-files.cjs');
const { ROOT } = require('./paths.cjs');

const SERVER = path.join(ROOT, 'server');
const MIGRATIONS = path.join(SERVER, 'drizzle');

// Runs in a child process: initdb's second WebAssembly instance is large and freed only much later. After the
// migrations it drops the two template databases: a test server never creates a database, and they were 600 of the
// folder's 1,100 files and 15 of its 40 MB, which every server's copy wrote again (with the WAL below, cp's system
// time was 56 CPU-s of a whole `npm test`, issue #20).
const TEMPLATE_SCRIPT = `
const [pglite, pgTrgm, drizzle, migrator, folder, migrationsFolder] = process.argv.slice(1);
(async () => {
  // The extensions server/src/db/client.ts loads, for the migrations' CREATE EXTENSION.
  const client = await require(pglite).PGlite.create(folder, { extensions: { pg_trgm: require(pgTrgm).pg_trgm } });
  await require(migrator).migrate(require(drizzle).drizzle({ client }), { migrationsFolder });
  for (const name of ['template0', 'template1']) {
    await client.exec('ALTER DATABASE ' + name + ' IS_TEMPLATE false');
    await client.exec('DROP DATABASE ' + name);
  }
  await client.exec('CHECKPOINT');
  await client.close();
})().catch((error) => { console.error(error); process.exit(1); });
`;

/**
 * PostgreSQL fills a WAL segment with zeros before writing it, so the template's one segment is 16 MB, about half
 * of it zeros: rewritten with holes for those (GNU cp), every copy of the folder (cp -R keeps the holes) writes only
 * the rest. Where cp cannot (no --sparse, as on macOS), the segment stays whole and a copy is only slower.
 */
async function punchWalHoles(folder) {
  const wal = path.join(folder, 'pg_wal');
  for (const name of fs.readdirSync(wal).filter((entry) => /^[0-9A-F]{24}$/.test(entry))) {
    const segment = path.join(wal, name);
    await promisify(execFile)('cp', ['--sparse=always', segment, `${segment}.sparse`])
      .then(() => fs.promises.rename(`${segment}.sparse`, segment))
      .catch(() => fs.promises.rm(`${segment}.sparse`, { force: true }));
  }
}

const TEMPLATE_PREFIX = 'parley-pglite-migrated-';
/** A template not used for this long is removed when another is made; every use marks it. */
const TEMPLATE_KEEP_UNUSED_MS = 7 * 24 * 60 * 60 * 1000;

function templateKey(pglite) {
  const hash = crypto.createHash('sha1').update(`${pglite}:${fs.statSync(pglite).mtimeMs}`);
  const files = [...fs.readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql')), 'meta/_journal.json'].sort();
  for (const name of files) hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS, name)));
  return hash.digest('hex').slice(0, 12);
}

/** The template's data folder, made first if missing. */
async function migratedTemplate() {
  const resolve = (name) => require.resolve(name, { paths: [SERVER] });
  const pglite = resolve('@electric-sql/pglite');
  const template = path.join(os.tmpdir(), `${TEMPLATE_PREFIX}v3-${templateKey(pglite)}`);
  if (fs.existsSync(path.join(template, 'PG_VERSION'))) {
    markUsed(template);
    return template;
  }
  // Made aside and renamed into place, so processes starting together never open half of one.
  const aside = `${template}-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  await promisify(execFile)(process.execPath, [
    '-e',
    TEMPLATE_SCRIPT,
    pglite,
    resolve('@electric-sql/pglite/contrib/pg_trgm'),
    resolve('drizzle-orm/pglite'),
    resolve('drizzle-orm/pglite/migrator'),
    aside,
    MIGRATIONS,
  ]);
  await punchWalHoles(aside);
  // Another process may have put its template in place first: then this one is not needed.
  await fs.promises.rename(aside, template).catch(() => fs.promises.rm(aside, { recursive: true, force: true }));
  // Each checkout, PGlite version and set of migrations makes its own (18 MB): those not used for a week go, and
  // with them what a process that died while making one left aside.
  removeUnused(os.tmpdir(), (name) => name.startsWith(TEMPLATE_PREFIX), TEMPLATE_KEEP_UNUSED_MS);
  return template;
}

/**
 * Fills `folder` (which must not exist yet) with a copy of the migrated data folder; returns `folder`. The
 * system's cp copies its ~500 files for a tenth of the CPU fs.promises.cp takes.
 */
async function copyMigratedPglite(folder) {
  await promisify(execFile)('cp', ['-R', await migratedTemplate(), folder]);
  return folder;
}

/**
 * Jest's globalSetup for projects whose tests start servers: the template is made once, before any test file
 * runs, so no file's first server pays initdb and the migrations inside its hook's time-out (on a busy machine
 * that took more than 30 s).
 */
async function prepareTemplate() {
  await migratedTemplate();
}

module.exports = { copyMigratedPglite, prepareTemplate };
