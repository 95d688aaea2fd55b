/** The rows of a raw `db.execute` answer: both drivers (PGlite and pg) answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
