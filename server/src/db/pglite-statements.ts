/**
 * PGlite runs every query as an unnamed statement: parsed, analysed and planned at each call, even those Drizzle
 * calls prepared. On the webhook path that is most of the database's time (bench P1; docs/reliability.md): the
 * webhook's statement costs 2.3 ms a call unprepared and 1.4 ms prepared, measured alone. PostgreSQL's own
 * drivers prepare a statement the third time or so its text comes back (pgJDBC's `prepareThreshold`); this does
 * the same for PGlite, through SQL because PGlite's `query` cannot bind a named statement:
 *   PREPARE s<n> AS <text>   once, when a text has come PREPARE_AFTER times;
 *   EXECUTE s<n>('…', …)     afterwards, each parameter serialized as PGlite would bind it, then quoted, sent
 *                            as a simple query.
 * PostgreSQL coerces each quoted literal to the statement's parameter type, as a bound parameter. Only the
 * top-level client is wrapped: a transaction's queries go through PGlite's own path, so a PREPARE never runs (or
 * fails) inside somebody's transaction.
 */
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** A text run this many times is prepared: one-off texts (an IN list of a new length) never are. */
export const PREPARE_AFTER = 3;
/** Prepared statements kept at most (each holds a plan in PGlite's memory); texts counted at most. */
const MAX_PREPARED = 500;
const MAX_COUNTED = 5_000;

/** What PostgreSQL's PREPARE accepts (SELECT, INSERT, UPDATE, DELETE, MERGE, VALUES, or a WITH of them). */
const PREPARABLE = /^\s*(select|insert|update|delete|with|values|merge)\b/i;

interface Prepared {
  name: string;
  /** The parameters' type oids, in order. */
  types: number[];
}

/** A literal PostgreSQL reads back as exactly `text` (standard_conforming_strings is on: only quotes double). */
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The client Drizzle is given: `query` prepares repeated texts, everything else is PGlite's. Results and errors
 * are what the plain query gives (an error carries the original text and parameters).
 */
export function withPreparedStatements(client: PGlite): PGlite {
  const counts = new Map<string, number>();
  const prepared = new Map<string, Promise<Prepared | null>>();

  async function prepare(text: string): Promise<Prepared | null> {
    const name = `s${prepared.size}`;
    try {
      await client.query(`prepare ${name} as ${text}`);
      // Quoting doubles quotes only: right while backslashes are plain characters in a literal (the default).
      const { rows } = await client.query<{ types: number[]; standard: boolean }>(
        `select array_to_json(parameter_types::oid[]) as types,
          current_setting('standard_conforming_strings') = 'on' as standard
        from pg_prepared_statements where name = $1`,
        [name],
      );
      return rows[0].standard ? { name, types: rows[0].types } : null;
    } catch {
      // Not preparable after all (the plain query gives the real error, if any): never tried again.
      return null;
    }
  }

  /** `EXECUTE` with the parameters as literals; null when one cannot be a literal (a NUL would end the text). */
  function executeText({ name, types }: Prepared, params: unknown[], options?: QueryOptions): string | null {
    const literals: string[] = [];
    for (const [index, value] of params.entries()) {
      if (value === null || value === undefined) {
        literals.push('null');
        continue;
      }
      const serialize = options?.serializers?.[types[index]] ?? client.serializers[types[index]];
      const text = serialize ? serialize(value) : String(value);
      if (text.includes('\0')) return null;
      literals.push(quote(text));
    }
    return literals.length > 0 ? `execute ${name}(${literals.join(', ')})` : `execute ${name}`;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    let statement = prepared.get(text);
    if (!statement && PREPARABLE.test(text) && prepared.size < MAX_PREPARED) {
      const count = (counts.get(text) ?? 0) + 1;
      if (count >= PREPARE_AFTER) {
        counts.delete(text);
        prepared.set(text, (statement = prepare(text)));
      } else if (counts.size < MAX_COUNTED || counts.has(text)) counts.set(text, count);
    }
    const ready = statement && (await statement);
    const execute = ready && params.length === ready.types.length ? executeText(ready, params, options) : null;
    if (!execute) return client.query<T>(text, params, options);
    try {
      // The simple query protocol: the EXECUTE text has no parameters left to bind, and `exec` sends two messages
      // (the query, a sync) where `query` sends six (parse, two describes, bind, execute, sync), each a call into
      // PGlite's WebAssembly — 0.10 against 0.13 ms a statement alone (docs/reliability.md). Its one result is
      // parsed by the same code.
      const [result] = await client.exec(execute, options);
      return result as Results<T>;
    } catch (error) {
      // As the plain query would report it: the statement's text, the parameters apart.
      if (error && typeof error === 'object') Object.assign(error, { query: text, params });
      throw error;
    }
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      // PGlite's own members run on PGlite itself (its private fields are not the proxy's).
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
