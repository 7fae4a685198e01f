// Throw-away PostgreSQL databases for tests and benchmarks: the local server (127.0.0.1:5432, trust auth; TEST_PG_*
// overrides), created fresh and dropped after.
const crypto = require('node:crypto');
const { Client } = require('pg');

const HOST = process.env.TEST_PG_HOST ?? '127.0.0.1';
const PORT = Number(process.env.TEST_PG_PORT ?? 5432);
const USERS = process.env.TEST_PG_USER ? [process.env.TEST_PG_USER] : ['postgres', 'root'];
const ADMIN_DB = process.env.TEST_PG_DATABASE ?? 'test';

/** A connected client on the admin database, as the first user the server accepts. */
async function adminClient() {
  let lastError;
  for (const user of USERS) {
    const client = new Client({ host: HOST, port: PORT, user, database: ADMIN_DB });
    try {
      await client.connect();
      return { client, user };
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`Cannot reach PostgreSQL at ${HOST}:${PORT} (db ${ADMIN_DB}): ${String(lastError)}`);
}

/** Runs one statement on the admin database. */
async function onAdmin(statement) {
  const { client } = await adminClient();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new empty database named `<prefix>_<random>`: `{ name, url, drop() }`. A test's database commits without
 * waiting for the disk: a commit still returns only once every connection sees it, and only PostgreSQL's own crash
 * (never part of a test) could lose the last ones (the API tests' PostgreSQL CPU 39.5, 38.5 → 34.0, 31.9 CPU-s,
 * issue #20). `asInProduction` (the benchmarks) keeps PostgreSQL's default.
 * @returns {Promise<{ name: string, url: string, drop(): Promise<void> }>}
 */
async function createTemporaryDatabase(prefix = 'parley_t', { asInProduction = false } = {}) {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const { client, user } = await adminClient();
  try {
    await client.query(`CREATE DATABASE ${name}`);
    if (!asInProduction) await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await client.end();
  }
  return {
    name,
    url: `postgresql://${user}@${HOST}:${PORT}/${name}`,
    drop: async () => void (await onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function postgresVersion() {
  return (await onAdmin('show server_version')).rows[0].server_version;
}

module.exports = { createTemporaryDatabase, postgresVersion };
