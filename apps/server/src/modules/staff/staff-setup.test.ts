import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createStaff, staffCall, staffLogin, type TestStaff } from '../../testing/staff-helpers.js';
import { rowsOf } from '../../db/rows.js';
import { totpCode } from './totp.js';

/**
 * The setup link: a new staff member sees the secret to enrol, sets a
 * password and proves the enrolment with a code, once; then logs in.
 */
let t: TestApp;
let clock = Date.parse('2030-06-01T08:00:00Z');
let admin: TestStaff;
let adminToken: string;
const password = 'a long staff passphrase';

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createStaff(t.database.db, 'admin');
  adminToken = await staffLogin(t.app, admin, clock);
});
afterAll(() => t.close());

async function addAccount(email: string, role = 'support', countries = 'gr') {
  const response = await staffCall(t.app, adminToken, 'POST', '/s2c/staff/v1/staff', {
    email,
    role,
    countries,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { data } = response.json<{ data: { setupLink: string; account: { id: number } } }>();
  return {
    token: new URL(data.setupLink).searchParams.get('token')!,
    id: data.account.id,
    link: data.setupLink,
  };
}

const offer = (token: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/s2c/staff/v1/setup?token=${encodeURIComponent(token)}`,
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });

const setUp = (body: Record<string, string>, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/s2c/staff/v1/setup',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body).toString(),
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });

type Offer = {
  email: string;
  role: string;
  countries: string[];
  totpSecret: string;
  totpUri: string;
};
const secretOf = async (token: string) =>
  (await offer(token)).json<{ data: Offer }>().data.totpSecret;

const auditOf = async (email: string) =>
  rowsOf<{ action: string; actor: string }>(
    await t.database.db.execute(
      sql`select action, actor from audit_entries where target_type = 'staff' and target = ${email} order by id`,
    ),
  );

describe('the setup link', () => {
  it('offers the account and a secret to enrol, then sets password and code; the staff member logs in', async () => {
    const email = 'new.support@example.com';
    const { token, link } = await addAccount(email);
    expect(link).toMatch(/^http:\/\/localhost:\d+\/staff\/setup\?token=stf_[A-Za-z0-9_-]{43}$/);
    const offered = await offer(token);
    expect(offered.statusCode).toBe(200);
    expect(offered.headers['cache-control']).toBe('no-store');
    const data = offered.json<{ data: Offer }>().data;
    expect(data).toMatchObject({ email, role: 'support', countries: ['gr'] });
    expect(data.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.totpUri).toContain(`secret=${data.totpSecret}`);
    expect(data.totpUri).toMatch(/^otpauth:\/\/totp\//);

    const done = await setUp({ token, password, code: totpCode(data.totpSecret, clock) });
    expect(done.statusCode, done.body).toBe(200);
    // The code the setup took is used: the first login takes the next one.
    clock += 30_000;
    const staffToken = await staffLogin(
      t.app,
      { id: 0, email, password, totpSecret: data.totpSecret, role: 'support', countries: ['gr'] },
      clock,
    );
    const me = await staffCall(t.app, staffToken, 'GET', '/s2c/staff/v1/session');
    expect(me.json()).toEqual({ data: { email, role: 'support', countries: ['gr'] } });
    expect(await auditOf(email)).toEqual([
      { action: 'staff.add', actor: admin.email },
      { action: 'staff.setup', actor: email },
      { action: 'staff.login', actor: email },
    ]);
  });

  it('works once: a used link answers 404 like an unknown one, and a second setup changes nothing', async () => {
    const email = 'used.link@example.com';
    const { token } = await addAccount(email);
    const secret = await secretOf(token);
    clock += 30_000;
    expect((await setUp({ token, password, code: totpCode(secret, clock) })).statusCode).toBe(200);
    const [before] = rowsOf<{ password_hash: string }>(
      await t.database.db.execute(
        sql`select password_hash from staff_accounts where email = ${email}`,
      ),
    );
    clock += 30_000;
    const again = await setUp({
      token,
      password: 'another long passphrase',
      code: totpCode(secret, clock),
    });
    expect(again.statusCode).toBe(404);
    expect((await offer(token)).statusCode).toBe(404);
    const unknown = await offer(`stf_${'B'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(again.json()).toEqual(unknown.json());
    expect((await offer('not-a-token')).json()).toEqual(unknown.json());
    const [after] = rowsOf<{ password_hash: string }>(
      await t.database.db.execute(
        sql`select password_hash from staff_accounts where email = ${email}`,
      ),
    );
    expect(after).toEqual(before);
  });

  it('two setups at once with one link: exactly one wins', async () => {
    const { token } = await addAccount('race.link@example.com');
    const secret = await secretOf(token);
    clock += 30_000;
    const code = totpCode(secret, clock);
    const answers = await Promise.all([
      setUp({ token, password, code }),
      setUp({ token, password: 'yet another long passphrase', code }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
  });

  it('expires after STAFF_SETUP_LINK_HOURS', async () => {
    const { token } = await addAccount('late.link@example.com');
    const secret = await secretOf(token);
    clock += t.config.staff.setupLinkHours * 3_600_000 + 1_000;
    expect((await offer(token)).statusCode).toBe(404);
    expect((await setUp({ token, password, code: totpCode(secret, clock) })).statusCode).toBe(404);
    adminToken = await staffLogin(t.app, admin, clock);
  });

  it('refuses a weak password and a code of another secret, and the link stays usable', async () => {
    const { token } = await addAccount('careful@example.com');
    const secret = await secretOf(token);
    clock += 30_000;
    const short = await setUp({ token, password: 'short', code: totpCode(secret, clock) });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ data: { password: expect.any(String) as unknown } });
    const common = await setUp({ token, password: 'password1234', code: totpCode(secret, clock) });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ data: { password: 'This password is too common' } });
    const wrongCode = await setUp({ token, password, code: totpCode(admin.totpSecret, clock) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({
      data: { code: expect.stringContaining('does not match') as unknown },
    });
    expect((await setUp({ token, password, code: 'abc' })).statusCode).toBe(400);
    expect((await offer(token)).statusCode).toBe(200);
  });

  it('a new link replaces the older unused one; a disabled account has no usable link', async () => {
    const { token: first, id } = await addAccount('twice@example.com');
    const renewed = await staffCall(
      t.app,
      adminToken,
      'POST',
      `/s2c/staff/v1/staff/${id}/setup-link`,
    );
    expect(renewed.statusCode).toBe(200);
    const second = new URL(
      renewed.json<{ data: { setupLink: string } }>().data.setupLink,
    ).searchParams.get('token')!;
    expect((await offer(first)).statusCode).toBe(404);
    expect((await offer(second)).statusCode).toBe(200);
    await staffCall(t.app, adminToken, 'POST', `/s2c/staff/v1/staff/${id}/disable`);
    expect((await offer(second)).statusCode).toBe(404);
  });

  it('disabling an account voids its setup link: enabling it again does not bring the link back', async () => {
    const { token, id } = await addAccount('disabled.waiting@example.com');
    const secret = await secretOf(token);
    const disabled = await staffCall(
      t.app,
      adminToken,
      'POST',
      `/s2c/staff/v1/staff/${id}/disable`,
    );
    expect(disabled.statusCode).toBe(200);
    const enabled = await staffCall(t.app, adminToken, 'POST', `/s2c/staff/v1/staff/${id}/enable`);
    expect(enabled.json()).toMatchObject({ data: { state: 'waiting-for-setup' } });
    expect((await offer(token)).statusCode).toBe(404);
    expect((await setUp({ token, password, code: totpCode(secret, clock) })).statusCode).toBe(404);
    const links = await t.database.db.execute(
      sql`select id from staff_setup_links where staff_id = ${id} and used_at is null`,
    );
    expect(rowsOf(links)).toEqual([]);
    // The disable says in the audit that the link went; a new link is the way back.
    const disable = await t.database.db.execute(
      sql`select after from audit_entries where action = 'staff.disable' and target = 'disabled.waiting@example.com'`,
    );
    expect(rowsOf(disable)).toEqual([{ after: { state: 'disabled', setupLinkVoided: true } }]);
    const renewed = await staffCall(
      t.app,
      adminToken,
      'POST',
      `/s2c/staff/v1/staff/${id}/setup-link`,
    );
    const fresh = new URL(
      renewed.json<{ data: { setupLink: string } }>().data.setupLink,
    ).searchParams.get('token')!;
    expect((await offer(fresh)).statusCode).toBe(200);
  });

  it('limits setup calls per client address', async () => {
    const free = t.config.loginLimits.freeFailuresPerAddress;
    const guess = () => offer(`stf_${'C'.repeat(43)}`, '10.7.7.7');
    // The request past the free ones still answers, and blocks the address for the next.
    for (let i = 0; i <= free; i += 1) expect((await guess()).statusCode).toBe(404);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await setUp({ token: 'x', password, code: '123456' }, '10.7.7.7')).statusCode).toBe(
      429,
    );
  });
});
