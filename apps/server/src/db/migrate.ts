import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

/** The SQL made by drizzle-kit; copied next to the compiled code by scripts/copy-migrations.mjs. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The `created_at` drizzle records for the newest migration of this build. */
export const newestMigration = Math.max(
  0,
  ...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis),
);

/** Any fixed number: every server process of this club takes the same lock. */
const MIGRATION_LOCK_KEY = 4_242_001;

/** The database was older than this build and the role connected may not change its tables. */
export class MigrationRefused extends Error {}

/**
 * Every migration of this build is applied: read only, so a role that owns
 * nothing (production's server role, docs/operations.md) can ask it.
 */
async function upToDate(client: pg.PoolClient): Promise<boolean> {
  try {
    const result = await client.query<{ newest: string | number | null }>(
      'select max(created_at) as newest from drizzle.__drizzle_migrations',
    );
    const newest = result.rows[0]?.newest ?? null;
    return newest !== null && Number(newest) >= newestMigration;
  } catch (error) {
    // 3F000, 42P01: no migrations schema or table, so none was ever applied.
    const code = (error as { code?: unknown }).code;
    if (code === '3F000' || code === '42P01') return false;
    throw error;
  }
}

/**
 * Several processes may start together on one server: each waits for a session
 * advisory lock on one connection, so one migrates and the others then find
 * nothing left to do. The migrator runs on that same connection. A database
 * that already has every migration is left alone without a lock or any DDL,
 * so a server connected as a role that owns no table starts; one that lacks a
 * migration then fails with {@link MigrationRefused} (the owner runs
 * `npm run db:migrate`).
 */
export async function migrateServer(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    if (await upToDate(client)) return;
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePostgres(drizzleNodePostgres({ client }), { migrationsFolder });
    } catch (error) {
      throw refusedOrAsIs(error);
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

/** 42501: the role may not create or change the tables (it owns none of them). */
function refusedOrAsIs(error: unknown): unknown {
  for (let current = error, depth = 0; depth < 5; depth++) {
    if (typeof current !== 'object' || current === null) break;
    if ((current as { code?: unknown }).code === '42501') {
      return new MigrationRefused(
        'The database lacks migrations of this build and this role may not apply them: run `npm run db:migrate` as the owner of the tables (docs/operations.md), then start again.',
        { cause: error },
      );
    }
    current = (current as { cause?: unknown }).cause;
  }
  return error;
}

/** The embedded database has one connection and one process: no lock needed. */
export async function migrateEmbedded(db: PgliteDatabase<Record<string, unknown>>): Promise<void> {
  await migratePglite(db, { migrationsFolder });
}
