import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffAccountListItem } from '@club/contract/staff-accounts';
import { rowsOf } from '../../db/rows.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createStaff, staffCall, staffLogin, type TestStaff } from '../../testing/staff-helpers.js';
import { DeviceCookies } from '../agents/device-cookies.js';
import { staffDeviceCookie } from './staff-login-limits.js';
import { totpCode } from './totp.js';

/**
 * Someone who knows a staff email cannot keep the account out: a browser
 * that logged in before (the staff device cookie) is not held back by the
 * email's backoff, an admin can clear the backoff (audited), and repeated
 * failures for one account are logged as a warning.
 */
type LogLine = Record<string, unknown> & { level: number; msg: string };
const lines: LogLine[] = [];
const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };

let t: TestApp;
let clock = Date.parse('2030-08-01T08:00:00Z');
let admin: TestStaff;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, logStream, config: { logLevel: 'info' } });
  admin = await createStaff(t.database.db, 'admin');
  adminToken = await staffLogin(t.app, admin, clock);
});
afterAll(() => t.close());
beforeEach(() => {
  lines.length = 0;
});

/** Moves the clock to the next TOTP step, so a new code can be used. */
const nextStep = () => {
  clock += 30_000;
};

function login(
  staff: TestStaff,
  options: { password?: string; cookie?: string; address?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/s2c/staff/v1/session',
    remoteAddress: options.address ?? '10.0.9.1',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
    },
    payload: new URLSearchParams({
      email: staff.email,
      password: options.password ?? staff.password,
      code: totpCode(staff.totpSecret, clock),
    }).toString(),
  });
}

/** The `name=value` of a Set-Cookie answer, as the browser sends it back. */
function cookieOf(response: Awaited<ReturnType<typeof login>>): string {
  const header = response.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  expect(value).toMatch(/^staff-device=/);
  return value!.split(';')[0]!;
}

/**
 * Fails at the account from other addresses, waiting out each block as a
 * patient attacker would, until the email's block is long (128 s).
 */
async function attack(target: TestStaff): Promise<void> {
  const failures = t.config.loginLimits.freeFailuresPerNumber + 8;
  for (let done = 0; done < failures;) {
    const answer = await login(target, { password: 'a wrong guess', address: `10.6.${done}.1` });
    if (answer.statusCode === 429) {
      clock += Number(answer.headers['retry-after']) * 1000;
      continue;
    }
    expect(answer.statusCode).toBe(401);
    done += 1;
  }
}

const listed = async (email: string) => {
  const list = await staffCall(t.app, adminToken, 'GET', '/s2c/staff/v1/staff');
  return list
    .json<{ data: { items: StaffAccountListItem[] } }>()
    .data.items.find((account) => account.email === email);
};

describe('the staff device cookie', () => {
  it('is set by a login, for the staff session calls only, HttpOnly and strict', async () => {
    const staff = await createStaff(t.database.db, 'manager', ['gr']);
    nextStep();
    const answer = await login(staff);
    expect(answer.statusCode).toBe(200);
    const header = String(answer.headers['set-cookie']);
    expect(header).toContain('Path=/s2c/staff/v1/session');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
  });

  it('lets a browser that logged in before through while the email is in backoff', async () => {
    const staff = await createStaff(t.database.db, 'admin');
    nextStep();
    const cookie = cookieOf(await login(staff));
    await attack(staff);
    nextStep();
    // Another browser with the right password and code is held back…
    expect((await login(staff, { address: '10.0.9.7' })).statusCode).toBe(429);
    // …the one that logged in before is not.
    const trusted = await login(staff, { cookie, address: '10.0.9.7' });
    expect(trusted.statusCode, trusted.body).toBe(200);
    // The owner's login leaves the attacker's backoff where it was.
    nextStep();
    expect((await login(staff, { address: '10.0.9.8' })).statusCode).toBe(429);
  });

  it("trusts no cookie of another account, nor a member's cookie of the same number", async () => {
    const staff = await createStaff(t.database.db, 'support', ['gr']);
    const other = await createStaff(t.database.db, 'support', ['gr']);
    nextStep();
    const othersCookie = cookieOf(await login(other));
    await attack(staff);
    nextStep();
    expect((await login(staff, { cookie: othersCookie })).statusCode).toBe(429);
    // A member's device cookie for a member number equal to the account id, renamed.
    const memberCookies = new DeviceCookies(t.database.db, {
      configuredSecret: undefined,
      production: false,
    });
    const memberEntry = (await memberCookies.issue(undefined, String(staff.id), new Date(clock)))
      .split(';')[0]!
      .replace(/^device=/, `${staffDeviceCookie.name}=`);
    expect((await login(staff, { cookie: memberEntry })).statusCode).toBe(429);
  });

  it('logs a warning when one account keeps failing', async () => {
    const staff = await createStaff(t.database.db, 'manager', ['at']);
    const free = t.config.loginLimits.freeFailuresPerNumber;
    for (let attempt = 0; attempt < free - 1; attempt++) {
      await login(staff, { password: 'a wrong guess', address: `10.5.5.${attempt}` });
    }
    const warnings = () =>
      lines.filter((line) => line.event === 'staff.login.repeated-failures' && line.level === 40);
    expect(warnings()).toEqual([]);
    await login(staff, { password: 'a wrong guess', address: '10.5.5.99' });
    expect(warnings()).toEqual([
      expect.objectContaining({ staffId: staff.id, failures: free, level: 40 }),
    ]);
    // Never the password or the email in the line.
    expect(JSON.stringify(warnings())).not.toContain('a wrong guess');
    expect(JSON.stringify(warnings())).not.toContain(staff.email);
  });
});

describe("an admin clears a staff account's login backoff", () => {
  it('lists the backoff, clears it with an audit entry, and the account logs in again', async () => {
    const staff = await createStaff(t.database.db, 'manager', ['gr'], 'under_attack@example.com');
    nextStep();
    const cookie = cookieOf(await login(staff));
    // The cookie's own counter: failures from the owner's browser.
    await login(staff, { password: 'a typo', cookie });
    await attack(staff);
    const before = await listed(staff.email);
    expect(before?.failedLogins).toBeGreaterThanOrEqual(t.config.loginLimits.freeFailuresPerNumber);
    expect(before?.loginBlockedUntil).toEqual(expect.any(String));
    nextStep();
    expect((await login(staff)).statusCode).toBe(429);

    const cleared = await staffCall(
      t.app,
      adminToken,
      'POST',
      `/s2c/staff/v1/staff/${staff.id}/login-unlock`,
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({
      data: { id: staff.id, email: staff.email, failedLogins: 0, loginBlockedUntil: null },
    });
    expect(await listed(staff.email)).toMatchObject({ failedLogins: 0, loginBlockedUntil: null });
    const audit = rowsOf<{ action: string; actor: string; before: unknown; after: unknown }>(
      await t.database.db.execute(
        sql`select action, actor, before, after from audit_entries where target = ${staff.email} and action = 'staff.unlock-login'`,
      ),
    );
    expect(audit).toEqual([
      {
        action: 'staff.unlock-login',
        actor: admin.email,
        before: expect.objectContaining({
          failedLogins: before!.failedLogins,
          deviceCounters: 1,
        }) as unknown,
        after: { failedLogins: 0, loginBlockedUntil: null, deviceCounters: 0 },
      },
    ]);
    const left = rowsOf(
      await t.database.db.execute(
        sql`select key from login_failures where key like ${'%under_attack%'}`,
      ),
    );
    expect(left).toEqual([]);
    nextStep();
    expect((await login(staff, { address: '10.0.9.9' })).statusCode).toBe(200);
  });

  it('leaves the counters of other emails alone (an email is matched as itself)', async () => {
    const victim = await createStaff(t.database.db, 'support', ['gr'], 'a_b@example.com');
    const bystander = await createStaff(t.database.db, 'support', ['gr'], 'axb@example.com');
    nextStep();
    const cookie = cookieOf(await login(bystander));
    await login(bystander, { password: 'a typo', cookie });
    await login(victim, { password: 'a typo' });
    await staffCall(t.app, adminToken, 'POST', `/s2c/staff/v1/staff/${victim.id}/login-unlock`);
    const keys = rowsOf<{ key: string }>(
      await t.database.db.execute(
        sql`select key from login_failures where key like ${'%staff:a%b@example.com%'} order by key`,
      ),
    ).map((row) => row.key.replace(/:[^:]+$/, ':…'));
    expect(keys).toEqual(['device:staff:axb@example.com:…']);
  });

  it('writes nothing for an account without failed logins, and answers 404 for no such account', async () => {
    const calm = await createStaff(t.database.db, 'support', ['gr']);
    const answer = await staffCall(
      t.app,
      adminToken,
      'POST',
      `/s2c/staff/v1/staff/${calm.id}/login-unlock`,
    );
    expect(answer.statusCode).toBe(200);
    const audit = rowsOf(
      await t.database.db.execute(
        sql`select id from audit_entries where target = ${calm.email} and action = 'staff.unlock-login'`,
      ),
    );
    expect(audit).toEqual([]);
    expect(
      (await staffCall(t.app, adminToken, 'POST', '/s2c/staff/v1/staff/999999/login-unlock'))
        .statusCode,
    ).toBe(404);
  });
});
