/**
 * Applies server/drizzle/ at start. On PostgreSQL it holds an advisory lock on one connection meanwhile, so
 * several processes starting together migrate once and the others wait, then find nothing left to do.
 */
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsDir } from '../paths';
import type { DatabaseHandle } from './client';

/** Arbitrary constant identifying Parley's migration lock among advisory locks. */
const MIGRATION_LOCK_ID = 720_514_001;

/** The migrator of the database in use only, as client.ts loads only its driver. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate: migratePglite } =
      require('drizzle-orm/pglite/migrator') as typeof import('drizzle-orm/pglite/migrator');
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: migrationsDir });
    return;
  }
  if (!handle.pool) throw new Error('PostgreSQL handle without a pool');
  const { drizzle: drizzlePostgres } =
    require('drizzle-orm/node-postgres') as typeof import('drizzle-orm/node-postgres');
  const { migrate: migratePostgres } =
    require('drizzle-orm/node-postgres/migrator') as typeof import('drizzle-orm/node-postgres/migrator');
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
