// Throw-away PostgreSQL databases on 127.0.0.1:5432 (trust auth), created fresh and dropped after.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

const HOST = '127.0.0.1';
const PORT = 5432;
const USERS = ['postgres', 'root'];
const ADMIN_DB = 'test';
const created = new Set();

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
  throw new Error(`cannot reach PostgreSQL at ${HOST}:${PORT} (database ${ADMIN_DB}): ${lastError}`);
}

export async function postgresVersion() {
  const { client } = await adminClient();
  try {
    return (await client.query('show server_version')).rows[0].server_version;
  } finally {
    await client.end();
  }
}

/** A new empty database: `{ name, url, drop() }`. */
export async function createDatabase() {
  const name = `parley_bench_${crypto.randomBytes(5).toString('hex')}`;
  const { client, user } = await adminClient();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  created.add(name);
  return {
    name,
    url: `postgresql://${user}@${HOST}:${PORT}/${name}`,
    async drop() {
      if (!created.has(name)) return;
      const admin = await adminClient();
      try {
        await admin.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        created.delete(name);
      } finally {
        await admin.client.end();
      }
    },
  };
}

/** Drops every database this process created and has not dropped yet (on the way out, also after a failure). */
export async function dropAllCreated() {
  for (const name of [...created]) {
    const admin = await adminClient().catch(() => null);
    if (!admin) return;
    try {
      await admin.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      created.delete(name);
    } finally {
      await admin.client.end();
    }
  }
}
