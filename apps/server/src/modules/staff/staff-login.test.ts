import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createStaff, staffCall, staffLogin, type TestStaff } from '../../testing/staff-helpers.js';
import { createAgent } from '../../testing/factories.js';
import { sessionToken } from '../../testing/agent-requests.js';
import { recordAudit, systemActor } from '../audit/audit-log.js';
import { auditEntries } from '../audit/schema.js';
import { createDemoStaff, demoStaff } from './demo-staff.js';
import { totpCode } from './totp.js';

/**
 * The staff login: two factors, a code once, one answer for every wrong
 * factor; staff sessions end idle or old, and never mix with members'.
 */
let t: TestApp;
let clock = Date.parse('2030-05-01T08:00:00Z');
let admin: TestStaff;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createStaff(t.database.db, 'admin');
});
afterAll(() => t.close());

/** Moves the clock to the next TOTP step, so a new code can be used. */
const nextStep = () => {
  clock += 30_000;
};

function login(email: string, password: string, code: string, remoteAddress = '10.0.9.1') {
  return t.app.inject({
    method: 'POST',
    url: '/s2c/staff/v1/session',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password, code }).toString(),
  });
}

describe('staff login', () => {
  it('gives a staff token and the staff member for email, password and code', async () => {
    nextStep();
    const response = await login(
      admin.email.toUpperCase(),
      admin.password,
      totpCode(admin.totpSecret, clock),
    );
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { token: string; staff: unknown } }>();
    expect(data.token).toMatch(/^stf_[A-Za-z0-9_-]{43}$/);
    expect(data.staff).toEqual({ email: admin.email, role: 'admin', countries: [] });
    const me = await staffCall(t.app, data.token, 'GET', '/s2c/staff/v1/session');
    expect(me.json()).toEqual({ data: { email: admin.email, role: 'admin', countries: [] } });
  });

  it('answers the same 401 for a wrong password, a wrong code, an unknown email and a used code', async () => {
    nextStep();
    const code = totpCode(admin.totpSecret, clock);
    const answers = [
      await login(admin.email, 'not the password at all', code, '10.0.9.2'),
      await login(admin.email, admin.password, code === '000000' ? '111111' : '000000', '10.0.9.2'),
      await login('nobody@example.com', admin.password, code, '10.0.9.2'),
    ];
    expect((await login(admin.email, admin.password, code, '10.0.9.3')).statusCode).toBe(200);
    answers.push(await login(admin.email, admin.password, code, '10.0.9.3'));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(answers[0]!.json());
    }
  });

  it('refuses a disabled account and an account not set up yet', async () => {
    const disabled = await createStaff(t.database.db, 'manager', ['gr']);
    await t.database.db.execute(
      sql`update staff_accounts set disabled_at = now() where id = ${disabled.id}`,
    );
    nextStep();
    expect(
      (await login(disabled.email, disabled.password, totpCode(disabled.totpSecret, clock)))
        .statusCode,
    ).toBe(401);
    const notSetUp = await createStaff(t.database.db, 'support', ['gr']);
    await t.database.db.execute(
      sql`update staff_accounts set password_hash = null where id = ${notSetUp.id}`,
    );
    expect(
      (await login(notSetUp.email, notSetUp.password, totpCode(notSetUp.totpSecret, clock)))
        .statusCode,
    ).toBe(401);
  });

  it('is limited like member logins: after the free failures it answers 429', async () => {
    const target = await createStaff(t.database.db, 'support', ['at']);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      statuses.push(
        (await login(target.email, 'wrong wrong wrong', '123456', `10.0.8.${attempt}`)).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('staff sessions', () => {
  it('end after 30 minutes idle, and live on while used', async () => {
    nextStep();
    const token = await staffLogin(t.app, admin, clock);
    clock += 29 * 60_000;
    expect((await staffCall(t.app, token, 'GET', '/s2c/staff/v1/session')).statusCode).toBe(200);
    clock += 29 * 60_000;
    expect((await staffCall(t.app, token, 'GET', '/s2c/staff/v1/session')).statusCode).toBe(200);
    clock += 31 * 60_000;
    expect((await staffCall(t.app, token, 'GET', '/s2c/staff/v1/session')).statusCode).toBe(401);
  });

  it('end 8 hours after the login however busy', async () => {
    nextStep();
    const token = await staffLogin(t.app, admin, clock);
    // 16 calls 29 minutes apart: never idle, 7 h 44 min in all.
    for (let call = 0; call < 16; call++) {
      clock += 29 * 60_000;
      expect((await staffCall(t.app, token, 'GET', '/s2c/staff/v1/session')).statusCode).toBe(200);
    }
    clock += 29 * 60_000;
    expect((await staffCall(t.app, token, 'GET', '/s2c/staff/v1/session')).statusCode).toBe(401);
  });

  it('end at logout', async () => {
    nextStep();
    const token = await staffLogin(t.app, admin, clock);
    expect((await staffCall(t.app, token, 'DELETE', '/s2c/staff/v1/session')).statusCode).toBe(200);
    expect((await staffCall(t.app, token, 'GET', '/s2c/staff/v1/session')).statusCode).toBe(401);
  });

  it("never open with a member's token, and a staff token opens no member call", async () => {
    const member = await createAgent(t.database.db, {});
    const memberToken = await sessionToken(t.app, member.number, member.password);
    expect((await staffCall(t.app, memberToken, 'GET', '/s2c/staff/v1/session')).statusCode).toBe(
      401,
    );
    nextStep();
    const staffToken = await staffLogin(t.app, admin, clock);
    const asMember = await staffCall(
      t.app,
      staffToken,
      'GET',
      `/s2c/auth/v1/agents/${member.number}`,
    );
    expect(asMember.statusCode).toBe(401);
  });
});

/** The database's reason for refusing a statement (the driver's error is the cause of the ORM's). */
async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await t.database.db.execute(statement);
    return 'not refused';
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return String(cause instanceof Error ? cause.message : error);
  }
}

describe('the audit log', () => {
  it('refuses every update and delete of an entry', async () => {
    await t.database.db.transaction((tx) =>
      recordAudit(tx, systemActor, { action: 'test.entry', targetType: 'test', target: 'one' }),
    );
    expect(await refusal(sql`update audit_entries set actor = 'someone else'`)).toMatch(
      /append-only/,
    );
    expect(await refusal(sql`delete from audit_entries`)).toMatch(/append-only/);
    const rows = await t.database.db.select().from(auditEntries);
    expect(rows.some((row) => row.actor === 'system' && row.action === 'test.entry')).toBe(true);
  });
});

describe('demo staff', () => {
  it('are created once, audited, and log in with the README secrets', async () => {
    const fresh = await createTestApp({ now: () => clock });
    try {
      expect(await createDemoStaff(fresh.database.db)).toBe(2);
      expect(await createDemoStaff(fresh.database.db)).toBe(0);
      for (const staff of demoStaff) {
        const response = await fresh.app.inject({
          method: 'POST',
          url: '/s2c/staff/v1/session',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            email: staff.email,
            password: staff.password,
            code: totpCode(staff.totpSecret, clock),
          }).toString(),
        });
        expect(response.statusCode).toBe(200);
      }
      const audit = await fresh.database.db.select().from(auditEntries);
      expect(audit.filter((row) => row.action === 'staff.create-demo')).toHaveLength(2);
    } finally {
      await fresh.close();
    }
  });
});
