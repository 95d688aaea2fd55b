import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { rowsOf } from '../../db/rows.js';
import { commandLineActor } from '../audit/audit-log.js';
import { runJob, type CommandOutput } from '../../staff-commands/staff-command.js';
import { staffAddCommand, staffAddUsage } from './staff-add-cli.js';

/** `npm run staff:add`: the console's service from the command line, audited as its user. */
let t: TestApp;
const now = Date.parse('2030-09-01T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ config: { publicBaseUrl: 'https://club.example' } });
});
afterAll(() => t.close());

async function run(args: string[]) {
  const lines = { out: [] as string[], error: [] as string[] };
  const output: CommandOutput = {
    out: (line) => lines.out.push(line),
    error: (line) => lines.error.push(line),
  };
  const job = await staffAddCommand.prepare(args, '.', output);
  const code =
    typeof job === 'number'
      ? job
      : await runJob(job, {
          db: t.database.db,
          config: t.config,
          output,
          now: () => now,
          actor: commandLineActor('ops'),
        });
  return { code, ...lines };
}

describe('npm run staff:add', () => {
  it('adds the account and prints its single-use setup link; the audit log names the command-line user', async () => {
    const ran = await run(['Maria.Manager@Example.com', 'manager', 'gr,ae']);
    expect(ran.error).toEqual([]);
    expect(ran.code).toBe(0);
    expect(ran.out[0]).toBe('Staff account added: maria.manager@example.com (manager, ae, gr)');
    expect(ran.out[1]).toBe(
      'Setup link (single use, until 2030-09-04T08:00:00.000Z; mailed to maria.manager@example.com too):',
    );
    expect(ran.out).toHaveLength(3);
    const link = new URL(ran.out[2]!);

    expect(`${link.origin}${link.pathname}`).toBe('https://club.example/staff/setup');
    const offer = await t.app.inject({
      method: 'GET',
      url: `/s2c/staff/v1/setup?token=${link.searchParams.get('token')}`,
    });
    expect(offer.json()).toMatchObject({
      data: { email: 'maria.manager@example.com', role: 'manager' },
    });
    const audit = rowsOf<{ actor: string; action: string; staff_id: number | null }>(
      await t.database.db.execute(
        sql`select actor, action, staff_id from audit_entries where target = 'maria.manager@example.com'`,
      ),
    );
    expect(audit).toEqual([{ actor: 'command-line (ops)', action: 'staff.add', staff_id: null }]);
  });

  it('adds an admin without countries', async () => {
    const ran = await run(['boss@example.com', 'admin']);
    expect(ran.code).toBe(0);
    expect(ran.out[0]).toBe('Staff account added: boss@example.com (admin, every country)');
  });

  it('refuses a second account of the same email, in any case', async () => {
    const ran = await run(['MARIA.manager@example.com', 'support', 'gr']);
    expect(ran).toMatchObject({
      code: 1,
      error: ['Not added: There is a staff account with this email already'],
    });
  });

  it('refuses bad arguments before opening anything, and unknown countries', async () => {
    expect(await run(['only-an-email@example.com'])).toMatchObject({
      code: 2,
      error: [staffAddUsage],
    });
    expect((await run(['not-an-email', 'support', 'gr'])).error[0]).toBe(
      'email: Enter an email address',
    );
    expect((await run(['a@example.com', 'owner', 'gr'])).code).toBe(2);
    expect((await run(['a@example.com', 'support'])).error[0]).toMatch(
      /^countries: Name at least one country/,
    );
    expect((await run(['a@example.com', 'admin', 'gr'])).error[0]).toMatch(
      /^countries: An admin works in every country/,
    );
    expect(await run(['a@example.com', 'support', 'gr,zz'])).toMatchObject({
      code: 1,
      error: ['Not added: No such country: zz'],
    });
    const count = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from staff_accounts where email = 'a@example.com'`,
      ),
    );
    expect(count[0]!.n).toBe(0);
  });
});
