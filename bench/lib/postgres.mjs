// Throw-away PostgreSQL databases for the benchmarks (scripts/lib/postgres-databases.cjs), remembered so a failed
// run still drops what it made.
import databases from '../../scripts/lib/postgres-databases.cjs';

export const { postgresVersion } = databases;
const created = new Map();

/** A new empty database, set as in production: `{ name, url, drop() }`. */
export async function createDatabase() {
  const database = await databases.createTemporaryDatabase('parley_bench', { asInProduction: true });
  created.set(database.name, database);
  return {
    ...database,
    async drop() {
      if (!created.delete(database.name)) return;
      await database.drop();
    },
  };
}

/** Drops every database this process created and has not dropped yet (on the way out, also after a failure). */
export async function dropAllCreated() {
  for (const database of [...created.values()]) {
    created.delete(database.name);
    await database.drop().catch(() => undefined);
  }
}
