import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, serverUrl, type TestDatabase } from '../testing/test-database.js';
import { openDatabase } from './client.js';
import { runMigrateCommand } from './server-role.js';

/**
 * Production's database roles (docs/operations.md "Database roles"): the
 * tables belong to the role that migrates them, and the server connects as a
 * role that owns nothing, given its privileges by `npm run db:migrate --
 * --grant-to=ROLE`. PostgreSQL only: the embedded database has one role.
 */
describe.runIf(serverUrl !== undefined)('the server role on PostgreSQL', () => {
  let database: TestDatabase;
  const role = `club_server_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  let owner: pg.Client;
  let server: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    await owner.query(`create role ${role} login password '${password}'`);
    await owner.query(
      `insert into audit_entries (actor, action, target_type, target) values ('system', 'test.entry', 'test', 'one')`,
    );
    const lines: string[] = [];
    const exit = await runMigrateCommand(
      [`--grant-to=${role}`],
      { MIGRATION_DATABASE_URL: database.url },
      { out: (line) => lines.push(line), error: (line) => lines.push(line) },
    );
    expect({ exit, lines }).toEqual({
      exit: 0,
      lines: ['Migrations applied.', `Privileges of the server role ${role} granted.`],
    });
    const url = new URL(database.url!);
    url.username = role;
    url.password = password;
    server = new pg.Client({ connectionString: url.toString() });
    await server.connect();
  });

  afterAll(async () => {
    await server?.end();
    await owner?.query(`drop owned by ${role}`);
    await owner?.query(`drop role ${role}`);
    await owner?.end();
    await database?.dispose();
  });

  /** The error code and message PostgreSQL answers the server role's statement with. */
  async function refusal(statement: string): Promise<string> {
    try {
      await server.query(statement);
      return 'not refused';
    } catch (error) {
      return `${(error as { code?: string }).code}: ${(error as Error).message}`;
    }
  }

  it('may neither alter nor empty the audit log, nor its table or trigger', async () => {
    expect(await refusal(`update audit_entries set action = 'rewritten'`)).toMatch(
      /^42501: permission denied/,
    );
    expect(await refusal(`update audit_entries set target = 'rewritten'`)).toMatch(
      /append-only|refused/,
    );
    expect(await refusal('delete from audit_entries')).toMatch(/^42501: permission denied/);
    expect(await refusal('truncate audit_entries')).toMatch(/^42501: permission denied/);
    expect(await refusal('alter table audit_entries disable trigger all')).toMatch(
      /^42501: must be owner/,
    );
    expect(await refusal('drop trigger audit_entries_no_truncate on audit_entries')).toMatch(
      /^42501: must be owner/,
    );
    expect(await refusal('drop table audit_entries')).toMatch(/^42501: must be owner/);
    expect(await refusal(`alter table audit_entries owner to ${role}`)).toMatch(/^42501/);
    const { rows } = await server.query<{ n: string }>('select count(*) as n from audit_entries');
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });

  it('appends to the audit log and works the other tables; owns none of them', async () => {
    await server.query(
      `insert into audit_entries (actor, action, target_type, target) values ('system', 'test.entry', 'test', 'two')`,
    );
    await server.query(`insert into server_secrets (name, value) values ('role-test', 'x')`);
    await server.query(`update server_secrets set value = 'y' where name = 'role-test'`);
    await server.query(`delete from server_secrets where name = 'role-test'`);
    expect(await refusal('truncate server_secrets')).toMatch(/^42501: permission denied/);
    const owned = await owner.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = $1`,
      [role],
    );
    expect(Number(owned.rows[0]!.n)).toBe(0);
  });

  it('starts the server: a database with every migration is left alone, without DDL the role may not run', async () => {
    const url = new URL(database.url!);
    url.username = role;
    url.password = password;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      await expect(handle.migrate()).resolves.toBeUndefined();
    } finally {
      await handle.close();
    }
  });

  it('refuses to start on a database that lacks a migration, naming the command that applies it', async () => {
    const newest = await owner.query<{ hash: string; created_at: string }>(
      'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at',
    );
    const url = new URL(database.url!);
    url.username = role;
    url.password = password;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      await expect(handle.migrate()).rejects.toThrow(/npm run db:migrate/);
    } finally {
      await handle.close();
      await owner.query(
        'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)',
        [newest.rows[0]!.hash, newest.rows[0]!.created_at],
      );
    }
  });
});
