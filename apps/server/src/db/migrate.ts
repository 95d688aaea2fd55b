import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

/** The SQL made by drizzle-kit; copied next to the compiled code by scripts/copy-migrations.mjs. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: every server process of this club takes the same lock. */
const MIGRATION_LOCK_KEY = 4_242_001;

/**
 * Several processes may start together on one server: each waits for a session
 * advisory lock on one connection, so one migrates and the others then find
 * nothing left to do. The migrator runs on that same connection.
 */
export async function migrateServer(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePostgres(drizzleNodePostgres({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    // A failed connection is closed rather than returned to the pool (the lock goes with it).
    client.release(failure);
  }
}

/** The embedded database has one connection and one process: no lock needed. */
export async function migrateEmbedded(db: PgliteDatabase<Record<string, unknown>>): Promise<void> {
  await migratePglite(db, { migrationsFolder });
}
