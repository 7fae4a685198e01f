/** A throw-away PostgreSQL database on 127.0.0.1:5432 for one test server: created fresh, dropped on close. */
import crypto from 'node:crypto';
import { Client } from 'pg';

const HOST = process.env.TEST_PG_HOST ?? '127.0.0.1';
const PORT = Number(process.env.TEST_PG_PORT ?? 5432);
const USERS = process.env.TEST_PG_USER ? [process.env.TEST_PG_USER] : ['postgres', 'root'];
const ADMIN_DB = process.env.TEST_PG_DATABASE ?? 'test';

export interface TemporaryDatabase {
  url: string;
  drop(): Promise<void>;
}

async function adminClient(): Promise<{ client: Client; user: string }> {
  let lastError: unknown;
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

export async function createTemporaryDatabase(): Promise<TemporaryDatabase> {
  const name = `parley_t_${crypto.randomBytes(6).toString('hex')}`;
  const { client, user } = await adminClient();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return {
    url: `postgresql://${user}@${HOST}:${PORT}/${name}`,
    async drop() {
      const admin = await adminClient();
      try {
        await admin.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.client.end();
      }
    },
  };
}
