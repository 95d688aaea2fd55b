import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.js';
import { rowsOf } from './rows.js';

/**
 * One value read by a scalar subquery (often a json object or array), so that
 * the reads of several modules reach the database in one statement: every
 * statement is a round trip, and on PostgreSQL a round trip costs the server
 * more than the query it carries. `decode` turns what either driver answers
 * into what the module's own read function answers.
 */
export type ColumnRead<T> = { sql: SQL; decode: (value: unknown) => T };

export type ColumnReads = Record<string, ColumnRead<unknown>>;

export type ColumnValues<C extends ColumnReads> = {
  [K in keyof C]: C[K] extends ColumnRead<infer T> ? T : never;
};

/** `(subquery) as "name", …`, for a statement that reads the columns beside its own. */
export function selectList(columns: ColumnReads): SQL[] {
  return Object.entries(columns).map(
    ([name, column]) => sql`(${column.sql}) as ${sql.identifier(name)}`,
  );
}

/** The columns' values in a row answered by a statement with `selectList(columns)`. */
export function decodeColumns<C extends ColumnReads>(
  columns: C,
  row: Record<string, unknown>,
): ColumnValues<C> {
  const values: Record<string, unknown> = {};
  for (const [name, column] of Object.entries(columns)) values[name] = column.decode(row[name]);
  return values as ColumnValues<C>;
}

/** Reads the columns in one statement. */
export async function readColumns<C extends ColumnReads>(
  db: Database,
  columns: C,
): Promise<ColumnValues<C>> {
  const list = selectList(columns);
  if (list.length === 0) return decodeColumns(columns, {});
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${sql.join(list, sql`, `)}`),
  );
  return decodeColumns(columns, row ?? {});
}

/** A json array column as an array (null, as a subquery over no rows answers, is empty). */
export function jsonArray<T>(value: unknown): T[] {
  return (value as T[] | null) ?? [];
}

/**
 * Integer ids as one `int[]` parameter, for `= any(…)`: one part for drizzle
 * to walk whatever their number, and one statement text for every number of
 * ids (named statements, decisions 031 and 033). An empty list matches nothing.
 */
export function idArray(ids: readonly number[]): SQL {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${id}`);
  return sql`${`{${ids.join(',')}}`}::int[]`;
}
