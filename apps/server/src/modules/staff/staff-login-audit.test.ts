import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createStaff, staffCall, type TestStaff } from '../../testing/staff-helpers.js';
import { totpCode } from './totp.js';

/** Staff logins and failed logins in the audit log, read through the audit call. */
let t: TestApp;
let clock = Date.parse('2031-03-01T08:00:00Z');
let admin: TestStaff;
let manager: TestStaff;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createStaff(t.database.db, 'admin');
  manager = await createStaff(t.database.db, 'manager', ['gr']);
});
afterAll(() => t.close());

const nextStep = () => {
  clock += 30_000;
};

function login(email: string, password: string, code: string, remoteAddress = '10.0.7.1') {
  return t.app.inject({
    method: 'POST',
    url: '/s2c/staff/v1/session',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password, code }).toString(),
  });
}

async function tokenOf(staff: TestStaff, address = '10.0.7.1'): Promise<string> {
  nextStep();
  const response = await login(
    staff.email,
    staff.password,
    totpCode(staff.totpSecret, clock),
    address,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { token: string } }>().data.token;
}

type Entry = { staff: string; action: string; targetType: string; target: string; after: unknown };
async function entries(token: string, query: string): Promise<Entry[]> {
  const answer = await staffCall(
    t.app,
    token,
    'GET',
    `/s2c/staff/v1/audit?from=2031-01-01&${query}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: { items: Entry[] } }>().data.items;
}

describe('staff logins in the audit log', () => {
  it('records a login as the staff member’s own entry, with the address', async () => {
    const token = await tokenOf(manager, '10.0.7.20');
    const own = await entries(token, 'action=staff.login');
    expect(own).toEqual([
      expect.objectContaining({
        staff: manager.email,
        targetType: 'staff',
        target: manager.email,
        after: { address: '10.0.7.20', trustedDevice: false },
      }),
    ]);
  });

  it('records a wrong password at an account as the login form’s, seen by admins only', async () => {
    nextStep();
    const wrong = await login(manager.email, 'not the password at all', '000000', '10.0.7.30');
    expect(wrong.statusCode).toBe(401);
    const adminToken = await tokenOf(admin);
    expect(
      await entries(
        adminToken,
        `action=staff.login-failed&target=${encodeURIComponent(manager.email)}`,
      ),
    ).toEqual([
      expect.objectContaining({
        staff: 'login form',
        target: manager.email,
        after: { address: '10.0.7.30', failure: 'wrong-password-or-code' },
      }),
    ]);
    // The manager reads their own entries and their countries': not the form's.
    const managerToken = await tokenOf(manager);
    expect(await entries(managerToken, 'action=staff.login-failed')).toEqual([]);
  });

  it('never keeps the text typed as an unknown email (it may be a password)', async () => {
    nextStep();
    const typed = 'Secret-Password-Typed-Here';
    expect((await login(typed, 'whatever whatever', '123456', '10.0.7.40')).statusCode).toBe(401);
    const adminToken = await tokenOf(admin);
    const failed = await entries(adminToken, 'action=staff.login-failed&target=unknown%20email');
    expect(failed).toEqual([
      expect.objectContaining({ after: { address: '10.0.7.40', failure: 'unknown-email' } }),
    ]);
    const csv = await staffCall(
      t.app,
      adminToken,
      'GET',
      '/s2c/staff/v1/audit.csv?from=2031-01-01',
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body.toLowerCase()).not.toContain(typed.toLowerCase());
  });

  it('says why for a disabled account and a code used twice', async () => {
    const support = await createStaff(t.database.db, 'support', ['gr']);
    nextStep();
    const code = totpCode(support.totpSecret, clock);
    expect((await login(support.email, support.password, code, '10.0.7.50')).statusCode).toBe(200);
    expect((await login(support.email, support.password, code, '10.0.7.51')).statusCode).toBe(401);
    const adminToken = await tokenOf(admin);
    const disabled = await staffCall(
      t.app,
      adminToken,
      'POST',
      `/s2c/staff/v1/staff/${support.id}/disable`,
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    nextStep();
    const later = totpCode(support.totpSecret, clock);
    expect((await login(support.email, support.password, later, '10.0.7.52')).statusCode).toBe(401);
    const failures = await entries(
      adminToken,
      `action=staff.login-failed&target=${encodeURIComponent(support.email)}`,
    );
    expect(failures.map((entry) => entry.after)).toEqual([
      { address: '10.0.7.52', failure: 'disabled' },
      { address: '10.0.7.51', failure: 'code-used' },
    ]);
  });

  it('writes nothing for an attempt the backoff refuses unchecked', async () => {
    const target = await createStaff(t.database.db, 'support', ['at']);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      statuses.push(
        (await login(target.email, 'wrong wrong wrong', '123456', `10.0.6.${attempt}`)).statusCode,
      );
    }
    const refused = statuses.filter((status) => status === 429).length;
    expect(refused).toBeGreaterThan(0);
    const adminToken = await tokenOf(admin);
    const failures = await entries(
      adminToken,
      `action=staff.login-failed&target=${encodeURIComponent(target.email)}`,
    );
    expect(failures).toHaveLength(8 - refused);
  });
});
