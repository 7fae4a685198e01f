/**
 * Applies server/drizzle/ at start. On PostgreSQL it holds an advisory lock on one connection meanwhile, so
 * several processes starting together migrate once and the others wait, then find nothing left to do.
 */
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../paths';
import type { DatabaseHandle } from './client';

/** Arbitrary constant identifying Parley's migration lock among advisory locks. */
const MIGRATION_LOCK_ID = 720_514_001;

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: migrationsDir });
    return;
  }
  if (!handle.pool) throw new Error('PostgreSQL handle without a pool');
  const connection = await handle.pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePostgres(drizzlePostgres({ client: connection }), { migrationsFolder: migrationsDir });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    connection.release();
  }
}
