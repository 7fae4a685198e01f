/**
 * Opens the database: PGlite (embedded, a data folder or memory) by default, PostgreSQL through a pg Pool when
 * DATABASE_URL is set. Both give the same Drizzle `Db`, so modules never care which one runs.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Pool } from 'pg';
import type { Config } from '../config';
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
  close(): Promise<void>;
}

export async function openDatabase(config: Pick<Config, 'database'>): Promise<DatabaseHandle> {
  const { url, pgliteDir, poolMax } = config.database;
  if (url) {
    const pool = new Pool({ connectionString: url, max: poolMax });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  if (pgliteDir !== 'memory://') fs.mkdirSync(pgliteDir, { recursive: true });
  const client = new PGlite(pgliteDir === 'memory://' ? undefined : pgliteDir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}
