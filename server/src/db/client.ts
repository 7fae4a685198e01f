/**
 * Opens the database: PGlite (embedded, a data folder or memory) by default, PostgreSQL through a pg Pool when
 * DATABASE_URL is set. Both give the same Drizzle `Db`, so modules never care which one runs.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import type { Config } from '../config';
import { withPreparedStatements } from './pglite-statements';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  kind: DbKind;
  /** The pg Pool (PostgreSQL only), e.g. for advisory locks that need one connection. */
  pool?: Pool;
  /**
   * PGlite only: calls `onNotice` with each `NOTIFY <channel>` payload. This process makes every write, and a
   * notice reaches the listener before the writing transaction's promise resolves, so a cache it clears is never
   * read stale after a write (on PostgreSQL other processes write too, and notices arrive later).
   */
  listen?(channel: string, onNotice: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * A new PGlite data folder is created by initdb, which PGlite runs in a second WebAssembly instance of several
 * hundred MB that the garbage collector returns only much later. Running it in a short-lived child process
 * keeps that memory out of the server (the first start only; an existing folder is simply opened).
 */
const INITDB_SCRIPT = `
const [pglite, dataDir] = process.argv.slice(1);
require(pglite).PGlite.create(dataDir).then((db) => db.close()).catch((error) => { console.error(error); process.exit(1); });
`;

async function createPgliteFolder(dataDir: string): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  await promisify(execFile)(process.execPath, ['-e', INITDB_SCRIPT, require.resolve('@electric-sql/pglite'), dataDir]);
}

/**
 * Only the configured database's driver is loaded (`require` here, not an import above): a PGlite server never
 * loads pg, nor a PostgreSQL server PGlite's WebAssembly build. Each costs every start time and memory (issue #20).
 */
export async function openDatabase(config: Pick<Config, 'database'>): Promise<DatabaseHandle> {
  const { url, pgliteDir, pgliteSharedBuffers, poolMax } = config.database;
  if (url) {
    const { Pool } = require('pg') as typeof import('pg');
    const { drizzle: drizzlePostgres } =
      require('drizzle-orm/node-postgres') as typeof import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: url, max: poolMax });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const { PGlite } = require('@electric-sql/pglite') as typeof import('@electric-sql/pglite');
  const { pg_trgm } =
    require('@electric-sql/pglite/contrib/pg_trgm') as typeof import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle: drizzlePglite } = require('drizzle-orm/pglite') as typeof import('drizzle-orm/pglite');
  const inMemory = pgliteDir === 'memory://';
  if (!inMemory) await createPgliteFolder(pgliteDir);
  const client = new PGlite(inMemory ? undefined : pgliteDir, {
    // PGLITE_SHARED_BUFFERS (server/.env.example): the buffer pool lives in PGlite's WebAssembly memory.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`],
    // Search in messages: the migrations' CREATE EXTENSION pg_trgm finds it here (PostgreSQL ships it).
    extensions: { pg_trgm },
  });
  await client.waitReady;
  const db = drizzlePglite({ client: withPreparedStatements(client), schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onNotice) => void (await client.listen(channel, onNotice)),
    close: () => client.close(),
  };
}
