import pg from 'pg';
import { migrateServer } from './migrate.js';

/** A PostgreSQL role name as the command takes it: lower-case, no quoting needed. */
const roleName = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * What the server's role may do in production (docs/operations.md "Database
 * roles"): read and write the club's rows and nothing of their definitions.
 * It owns no table, so it can neither alter one nor drop or disable a
 * trigger; of the audit log it may read and append, and change only the
 * columns the purge pseudonymises (which the table's trigger allows only
 * for a purged member's entries, once). No TRUNCATE anywhere. Idempotent:
 * run after every migration, since new tables need their grants.
 */
export async function grantServerRole(client: pg.ClientBase, role: string): Promise<void> {
  if (!roleName.test(role)) throw new Error(`Not a role name: ${role}`);
  const r = client.escapeIdentifier(role);
  await client.query('begin');
  try {
    for (const statement of [
      `grant usage on schema public to ${r}`,
      `grant select, insert, update, delete on all tables in schema public to ${r}`,
      `grant usage, select on all sequences in schema public to ${r}`,
      `revoke update, delete, truncate, references, trigger on audit_entries from ${r}`,
      `grant update (target, "before", "after", reason) on audit_entries to ${r}`,
      // The readiness check and the start-up's "every migration applied" read this.
      `grant usage on schema drizzle to ${r}`,
      `grant select on drizzle.__drizzle_migrations to ${r}`,
    ]) {
      await client.query(statement);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

export type MigrateCommandOutput = { out(line: string): void; error(line: string): void };

const usage = 'Usage: npm run db:migrate [-- --grant-to=ROLE]';

/**
 * `npm run db:migrate`: applies this build's migrations to the PostgreSQL
 * database of MIGRATION_DATABASE_URL (else DATABASE_URL), connected as the
 * role that owns the tables; with `--grant-to=ROLE`, then gives the server's
 * role its privileges ({@link grantServerRole}). Answers the exit code.
 */
export async function runMigrateCommand(
  args: readonly string[],
  env: Record<string, string | undefined>,
  output: MigrateCommandOutput,
): Promise<number> {
  let grantTo: string | undefined;
  for (const arg of args) {
    const match = /^--grant-to=(.+)$/.exec(arg);
    if (match === null || grantTo !== undefined || !roleName.test(match[1]!)) {
      output.error(usage);
      return 2;
    }
    grantTo = match[1];
  }
  const url = env.MIGRATION_DATABASE_URL ?? env.DATABASE_URL;
  if (url === undefined || !/^postgres(ql)?:\/\//.test(url)) {
    output.error(
      'Set MIGRATION_DATABASE_URL (or DATABASE_URL) to the postgres:// address of the role that owns the tables. The embedded database migrates itself at start.',
    );
    return 2;
  }
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrateServer(pool);
    output.out('Migrations applied.');
    if (grantTo !== undefined) {
      const client = await pool.connect();
      try {
        await grantServerRole(client, grantTo);
      } finally {
        client.release();
      }
      output.out(`Privileges of the server role ${grantTo} granted.`);
    }
    return 0;
  } catch (error) {
    output.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await pool.end();
  }
}
