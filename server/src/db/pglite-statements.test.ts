import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PREPARE_AFTER, withPreparedStatements } from './pglite-statements';

const { copyMigratedPglite } = require('../../../scripts/lib/pglite-template.cjs');

// A real PGlite: what is checked is what PostgreSQL makes of the EXECUTE text. It opens a copy of the tests'
// migrated template (scripts/lib/pglite-template.cjs): a new in-memory database runs initdb, seconds of CPU.
let raw: PGlite;
let client: PGlite;
let folder: string;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-pglite-statements-'));
  raw = new PGlite(await copyMigratedPglite(path.join(folder, 'pglite')));
  await raw.exec(`create table notes (id uuid primary key, body text not null, data jsonb, at timestamptz,
    tags uuid[], n int, flag boolean, unique (body))`);
  client = withPreparedStatements(raw);
}, 60_000);
afterAll(async () => {
  await raw.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const preparedTexts = async () =>
  (await raw.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
    (row) => row.statement,
  );

const insert = 'insert into notes (id, body, data, at, tags, n, flag) values ($1, $2, $3, $4, $5, $6, $7) returning *';
const select = 'select id, body, data, at, tags, n, flag from notes where id = any($1::uuid[]) order by id';

describe('withPreparedStatements (PGlite)', () => {
  it('prepares a text once it came back, and answers exactly as the plain query', async () => {
    const bodies = [
      "it's",
      'a \\ backslash, \\x00 as text, $1 and $$ quoted',
      "x'); drop table notes; --",
      'olá 😀 — ünïcödé',
      '',
    ];
    const ids = bodies.map((_, index) => `00000000-0000-4000-8000-00000000000${index}`);
    const rowsBy = { prepared: [] as unknown[], plain: [] as unknown[] };
    for (const [index, body] of bodies.entries()) {
      const params = [
        ids[index],
        body,
        JSON.stringify({ body, nested: { list: [1, 'two', null] } }),
        new Date(Date.UTC(2026, 10, 24, 12, 30, index)),
        [ids[0], ids[index]],
        index % 2 === 0 ? index : null,
        index % 2 === 0,
      ];
      const result = await client.query(insert, params);
      rowsBy.prepared.push(result.rows[0]);
      expect(result.affectedRows).toBe(1);
    }
    // The insert came five times: from the third on, through EXECUTE.
    expect(bodies.length).toBeGreaterThan(PREPARE_AFTER);
    expect(await preparedTexts()).toEqual([expect.stringContaining('insert into notes')]);
    // What was stored is what was given, read back by the plain query.
    rowsBy.plain = (await raw.query(select, [ids])).rows;
    expect(rowsBy.plain).toEqual(rowsBy.prepared);
    expect((await raw.query('select count(*)::int as n from notes')).rows).toEqual([{ n: bodies.length }]);

    // Reads alike, in both row modes: the whole result (rows, their columns and types, counts).
    for (let time = 0; time < PREPARE_AFTER + 1; time++) {
      expect(await client.query(select, [ids])).toEqual(await raw.query(select, [ids]));
      expect(await client.query(select, [ids], { rowMode: 'array' })).toEqual(
        await raw.query(select, [ids], { rowMode: 'array' }),
      );
    }
    expect(await preparedTexts()).toHaveLength(2);
  });

  it('reports an error as the plain query does, with its own text', async () => {
    const duplicate = (id: string) => [id, "it's", null, null, null, null, null];
    const errors = [];
    for (let time = 0; time < PREPARE_AFTER + 1; time++) {
      errors.push(
        await client.query(insert, duplicate(`00000000-0000-4000-8000-0000000001${time}0`)).catch((error) => error),
      );
    }
    for (const error of errors) {
      expect(error).toMatchObject({ code: '23505', constraint: 'notes_body_key', query: insert });
    }
  });

  it('leaves to the plain query a value a literal cannot hold, and statements PREPARE does not take', async () => {
    const withNul = ['00000000-0000-4000-8000-000000000200', 'before\0after', null, null, null, null, null];
    const plain = await raw.query(insert, withNul).catch((error: Error) => error.message);
    expect(plain).toEqual(expect.any(String));
    expect(await client.query(insert, withNul).catch((error: Error) => error.message)).toBe(plain);

    const before = await preparedTexts();
    for (let time = 0; time < PREPARE_AFTER + 1; time++) {
      expect((await client.query<{ TimeZone: string }>('show timezone')).rows).toHaveLength(1);
    }
    expect(await preparedTexts()).toEqual(before);
  });
});
