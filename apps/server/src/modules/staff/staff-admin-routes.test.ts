import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createStaff, staffCall, staffLogin, type TestStaff } from '../../testing/staff-helpers.js';
import { rowsOf } from '../../db/rows.js';

/** Admins manage staff accounts: every change audited, sessions ended, never locking the club out. */
let t: TestApp;
let clock = Date.parse('2030-07-01T08:00:00Z');
let admin: TestStaff;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createStaff(t.database.db, 'admin');
  adminToken = await staffLogin(t.app, admin, clock);
});
afterAll(() => t.close());

const login = async (staff: TestStaff) => {
  clock += 30_000;
  return staffLogin(t.app, staff, clock);
};
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: Record<string, string>) =>
  staffCall(t.app, adminToken, method, url, body);

type Audit = { action: string; actor: string; before: unknown; after: unknown };
/** The account's changes (its logins and failed logins: staff-login-audit.test.ts). */
const auditOf = async (email: string): Promise<Audit[]> =>
  rowsOf<Audit>(
    await t.database.db.execute(
      sql`select action, actor, before, after from audit_entries where target_type = 'staff' and target = ${email}
        and action not in ('staff.login', 'staff.login-failed') order by id`,
    ),
  );

describe('adding a staff account', () => {
  it('adds it waiting for setup, lists it, and audits the add', async () => {
    const added = await call('POST', '/s2c/staff/v1/staff', {
      email: ' Anna.Support@Example.COM ',
      role: 'support',
      countries: 'GR, ae',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      data: {
        account: {
          email: 'anna.support@example.com',
          role: 'support',
          countries: ['ae', 'gr'],
          state: 'waiting-for-setup',
        },
        setupLink: expect.stringContaining('/staff/setup?token=stf_') as unknown,
        expiresAt: new Date(clock + t.config.staff.setupLinkHours * 3_600_000).toISOString(),
      },
    });
    const list = await call('GET', '/s2c/staff/v1/staff');
    expect(
      list.json<{ data: { items: { email: string; state: string }[] } }>().data.items,
    ).toContainEqual(
      expect.objectContaining({ email: 'anna.support@example.com', state: 'waiting-for-setup' }),
    );
    // The setup link is mailed to the new staff member in English, through the outbox, once.
    const { setupLink, mailedTo } = added.json<{ data: { setupLink: string; mailedTo: string } }>()
      .data;
    expect(mailedTo).toBe('anna.support@example.com');
    const mails = rowsOf<{ template: string; subject: string; text: string; html: string }>(
      await t.database.db.execute(
        sql`select template, subject, text, html from mail_outbox where recipient = 'anna.support@example.com'`,
      ),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: 'staff-setup',
      subject: 'Your staff console account: set your password and code',
    });
    expect(mails[0]!.text).toContain(setupLink);
    expect(mails[0]!.text).toContain('as support for AE, GR');
    expect(mails[0]!.text).toContain(
      `until ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(clock + t.config.staff.setupLinkHours * 3_600_000)} UTC`,
    );
    expect(mails[0]!.html).toContain(`href="${setupLink.replaceAll('&', '&amp;')}"`);
    expect(await auditOf('anna.support@example.com')).toEqual([
      {
        action: 'staff.add',
        actor: admin.email,
        before: null,
        after: { role: 'support', countries: ['ae', 'gr'], state: 'waiting-for-setup' },
      },
    ]);
  });

  it('accepts JSON with a list of countries', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/s2c/staff/v1/staff',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      payload: { email: 'json.manager@example.com', role: 'manager', countries: ['gr'] },
    });
    expect(added.statusCode, added.body).toBe(200);
  });

  it('refuses bad input with a message per field, a second account of an email in any case, and unknown countries', async () => {
    const count = async () =>
      rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from staff_accounts`),
      )[0]!.n;
    const before = await count();
    const cases: [Record<string, string>, string][] = [
      [{ email: 'not an email', role: 'support', countries: 'gr' }, 'email'],
      [{ email: 'x@example.com', role: 'owner', countries: 'gr' }, 'role'],
      [{ email: 'x@example.com', role: 'manager', countries: '' }, 'countries'],
      [{ email: 'x@example.com', role: 'admin', countries: 'gr' }, 'countries'],
      [{ email: 'x@example.com', role: 'manager', countries: 'greece' }, 'countries'],
      [{ email: 'x@example.com', role: 'manager', countries: 'gr,zz' }, 'countries'],
      [{ email: 'ANNA.SUPPORT@example.com', role: 'support', countries: 'gr' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const answer = await call('POST', '/s2c/staff/v1/staff', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json<{ data: object }>().data), JSON.stringify(body)).toContain(
        field,
      );
    }
    expect(await count()).toBe(before);
    // A refused add mails no one.
    const mailed = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from mail_outbox where recipient = 'x@example.com'`,
      ),
    )[0]!.n;
    expect(mailed).toBe(0);
  });
});

describe('changing, disabling and resetting an account', () => {
  it('changes role and countries with before and after, and ends the sessions', async () => {
    const manager = await createStaff(t.database.db, 'manager', ['gr']);
    const token = await login(manager);
    const changed = await call('PATCH', `/s2c/staff/v1/staff/${manager.id}`, {
      role: 'support',
      countries: 'ae,gr',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      data: { role: 'support', countries: ['ae', 'gr'], state: 'set-up' },
    });
    expect((await staffCall(t.app, token, 'GET', '/s2c/staff/v1/session')).statusCode).toBe(401);
    expect(await auditOf(manager.email)).toEqual([
      {
        action: 'staff.change',
        actor: admin.email,
        before: { role: 'manager', countries: ['gr'] },
        after: { role: 'support', countries: ['ae', 'gr'] },
      },
    ]);
    // The same values again are no change: nothing more in the log.
    await call('PATCH', `/s2c/staff/v1/staff/${manager.id}`, {
      role: 'support',
      countries: 'gr,ae',
    });
    expect(await auditOf(manager.email)).toHaveLength(1);
  });

  it('disables an account (its sessions end, it cannot log in) and enables it again', async () => {
    const support = await createStaff(t.database.db, 'support', ['gr']);
    const token = await login(support);
    const disabled = await call('POST', `/s2c/staff/v1/staff/${support.id}/disable`);
    expect(disabled.json()).toMatchObject({ data: { state: 'disabled' } });
    expect((await staffCall(t.app, token, 'GET', '/s2c/staff/v1/session')).statusCode).toBe(401);
    await expect(login(support)).rejects.toThrow(/401/);
    const enabled = await call('POST', `/s2c/staff/v1/staff/${support.id}/enable`);
    expect(enabled.json()).toMatchObject({ data: { state: 'set-up' } });
    await login(support);
    expect(
      (await auditOf(support.email)).map((entry) => [entry.action, entry.before, entry.after]),
    ).toEqual([
      ['staff.disable', { state: 'set-up' }, { state: 'disabled' }],
      ['staff.enable', { state: 'disabled' }, { state: 'set-up' }],
    ]);
  });

  it('a new setup link clears password and code and ends the sessions', async () => {
    const support = await createStaff(t.database.db, 'support', ['gr']);
    const token = await login(support);
    const reset = await call('POST', `/s2c/staff/v1/staff/${support.id}/setup-link`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({
      data: {
        account: { state: 'waiting-for-setup' },
        setupLink: expect.stringContaining('token=stf_') as unknown,
      },
    });
    expect((await staffCall(t.app, token, 'GET', '/s2c/staff/v1/session')).statusCode).toBe(401);
    await expect(login(support)).rejects.toThrow(/401/);
    expect((await auditOf(support.email)).map((entry) => entry.action)).toEqual([
      'staff.new-setup-link',
    ]);
  });

  it('an admin cannot disable, demote or reset themselves', async () => {
    const self = [
      call('POST', `/s2c/staff/v1/staff/${admin.id}/disable`),
      call('PATCH', `/s2c/staff/v1/staff/${admin.id}`, { role: 'manager', countries: 'gr' }),
      call('POST', `/s2c/staff/v1/staff/${admin.id}/setup-link`),
    ];
    for (const answer of await Promise.all(self)) expect(answer.statusCode).toBe(400);
    expect((await call('GET', '/s2c/staff/v1/session')).statusCode).toBe(200);
    expect(await auditOf(admin.email)).toEqual([]);
  });

  it('two admins disabling each other at once: one stays', async () => {
    const db = t.database.db;
    // Only these two admins are enabled for this case.
    await db.execute(sql`update staff_accounts set disabled_at = now() where role = 'admin'`);
    const first = await createStaff(db, 'admin');
    const second = await createStaff(db, 'admin');
    const [firstToken, secondToken] = [await login(first), await login(second)];
    const answers = await Promise.all([
      staffCall(t.app, firstToken, 'POST', `/s2c/staff/v1/staff/${second.id}/disable`),
      staffCall(t.app, secondToken, 'POST', `/s2c/staff/v1/staff/${first.id}/disable`),
    ]);
    const enabledAdmins = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from staff_accounts where role = 'admin' and disabled_at is null`,
      ),
    )[0]!.n;
    expect(enabledAdmins).toBe(1);
    expect(answers.map((answer) => answer.statusCode)).toContain(200);
  });

  // Deterministic on PostgreSQL (the embedded database has one connection): another disable,
  // which takes the enabled admins in the order of their ids, holds the first of them while
  // this one runs. Locking the target's row before the admins let the two wait on each other
  // (a deadlock, answered 500).
  it.runIf(process.env.DATABASE_URL !== undefined)(
    'a disable takes the enabled admins before the account: it never deadlocks with another',
    async () => {
      const db = t.database.db;
      await db.execute(sql`update staff_accounts set disabled_at = now() where role = 'admin'`);
      const [first, second] = [await createStaff(db, 'admin'), await createStaff(db, 'admin')];
      const [low, high] = first.id < second.id ? [first, second] : [second, first];
      const lowToken = await login(low);
      let disable: ReturnType<typeof staffCall> | undefined;
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from staff_accounts where id = ${low.id} for update`);
        disable = staffCall(t.app, lowToken, 'POST', `/s2c/staff/v1/staff/${high.id}/disable`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select id from staff_accounts where id = ${high.id} for update`);
      });
      expect((await disable!).statusCode).toBe(200);
    },
  );

  it('answers 404 for no such account', async () => {
    const db = t.database.db;
    const boss = await createStaff(db, 'admin');
    const token = await login(boss);
    for (const [method, url] of [
      ['POST', '/s2c/staff/v1/staff/999999/disable'],
      ['POST', '/s2c/staff/v1/staff/999999/enable'],
      ['POST', '/s2c/staff/v1/staff/999999/setup-link'],
    ] as const) {
      expect((await staffCall(t.app, token, method, url)).statusCode).toBe(404);
    }
    const patch = await staffCall(t.app, token, 'PATCH', '/s2c/staff/v1/staff/999999', {
      role: 'admin',
      countries: '',
    });
    expect(patch.statusCode).toBe(404);
    expect(
      (await staffCall(t.app, token, 'POST', '/s2c/staff/v1/staff/abc/disable')).statusCode,
    ).toBe(400);
  });
});
