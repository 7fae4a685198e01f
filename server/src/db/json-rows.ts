/**
 * A table's row read as JSON (`to_json(alias.*)` in SQL: column names as keys, JSON values), turned into the
 * object Drizzle's own select of that table gives: each column's value through the column's own mapping (a
 * timestamp's text into a Date, an array's, a json column's). For a statement that returns whole rows of several
 * tables at once, whose column names clash, such as a data-modifying WITH query's RETURNING.
 */
import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/** PGlite hands json over as text, node-postgres parsed. */
export const parsedJson = <T>(value: T | string | null | undefined): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? null);

export function rowFromJson<T extends Table>(
  table: T,
  value: Record<string, unknown> | string | null | undefined,
): InferSelectModel<T> | null {
  const json = parsedJson(value);
  if (!json) return null;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const field = json[column.name];
    row[key] = field === null || field === undefined ? null : column.mapFromDriverValue(field);
  }
  return row as InferSelectModel<T>;
}
