import { sql, type SQL } from 'drizzle-orm';

/**
 * A duration for database-side time arithmetic (`now() + …`), so that every
 * server process uses the database's clock. Typed explicitly: an untyped
 * parameter next to an interval is ambiguous, and a month of milliseconds
 * overflows an integer.
 */
export const millisecondsInterval = (ms: number): SQL =>
  sql`(${ms}::double precision * interval '1 millisecond')`;

export const daysInterval = (days: number | SQL): SQL =>
  sql`(${days}::double precision * interval '1 day')`;
