import type { Db } from './client';

/**
 * A statement built and prepared once per database, then only bound per call: on the realtime path Drizzle's
 * building of a query cost more than running it (bench P1, docs/reliability.md). PostgreSQL also parses and
 * plans a named statement once per connection; PGlite ignores the name, and prepares the text itself once it
 * came back (pglite-statements.ts). Its name
 * must be unique among prepared statements, and its ids array parameters (`= any($ids::uuid[])`), so the text is
 * the same whatever their number.
 */
export function preparedPerDatabase<Statement>(prepare: (db: Db) => Statement): (db: Db) => Statement {
  const statements = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    return statement;
  };
}
