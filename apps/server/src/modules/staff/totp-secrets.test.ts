import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { createTestDatabase } from '../../testing/test-database.js';
import { createStaff, staffCall, staffLogin, type TestStaff } from '../../testing/staff-helpers.js';
import { rowsOf } from '../../db/rows.js';
import { createDemoStaff, demoStaff } from './demo-staff.js';
import { totpCode } from './totp.js';
import { isSealedTotpSecret, openTotpSecret, sealTotpSecret } from './totp-secrets.js';

/**
 * TOTP secrets at rest: with TOTP_SECRET_KEY the database holds them only
 * encrypted (setup links, accounts, the demo staff); plain ones stored before
 * keep working and are encrypted at the account's next login; without a key
 * they are stored as they are.
 */
const key = randomBytes(32);
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('sealing a secret', () => {
  it('encrypts with a fresh nonce each time and reads it back only with the key', () => {
    const sealed = sealTotpSecret(secret, key);
    expect(isSealedTotpSecret(sealed)).toBe(true);
    expect(sealed).not.toContain(secret);
    expect(sealTotpSecret(secret, key)).not.toBe(sealed);
    expect(openTotpSecret(sealed, key)).toBe(secret);
    expect(openTotpSecret(sealed, randomBytes(32))).toBeUndefined();
    expect(openTotpSecret(sealed, undefined)).toBeUndefined();
  });

  it('refuses a stored value changed in the database', () => {
    const sealed = sealTotpSecret(secret, key);
    const last = sealed.at(-1) === 'A' ? 'B' : 'A';
    expect(openTotpSecret(`${sealed.slice(0, -1)}${last}`, key)).toBeUndefined();
    expect(openTotpSecret('aes256gcm:', key)).toBeUndefined();
    expect(openTotpSecret('aes256gcm:not base64 at all!', key)).toBeUndefined();
  });

  it('leaves a secret as it is without a key, and reads a plain one with or without', () => {
    expect(sealTotpSecret(secret, undefined)).toBe(secret);
    expect(isSealedTotpSecret(secret)).toBe(false);
    expect(openTotpSecret(secret, key)).toBe(secret);
    expect(openTotpSecret(secret, undefined)).toBe(secret);
  });
});

describe('with TOTP_SECRET_KEY', () => {
  let t: TestApp;
  let clock = Date.parse('2030-09-01T08:00:00Z');
  let admin: TestStaff;
  let adminToken: string;
  beforeAll(async () => {
    const defaults = testConfig();
    t = await createTestApp({
      now: () => clock,
      config: { staff: { ...defaults.staff, totpSecretKey: key } },
    });
    admin = await createStaff(t.database.db, 'admin');
    adminToken = await staffLogin(t.app, admin, clock);
  });
  afterAll(() => t.close());

  const storedSecrets = async (email: string) =>
    rowsOf<{ account: string | null; link: string | null }>(
      await t.database.db.execute(sql`
        select a.totp_secret as account, l.totp_secret as link
        from staff_accounts a left join staff_setup_links l on l.staff_id = a.id
        where a.email = ${email}`),
    )[0]!;

  it('keeps a setup link’s secret and the account’s encrypted; the offer and the logins use it', async () => {
    const email = 'sealed.support@example.com';
    const added = await staffCall(t.app, adminToken, 'POST', '/s2c/staff/v1/staff', {
      email,
      role: 'support',
      countries: 'gr',
    });
    expect(added.statusCode, added.body).toBe(200);
    const token = new URL(
      added.json<{ data: { setupLink: string } }>().data.setupLink,
    ).searchParams.get('token')!;
    const offer = await t.app.inject({
      method: 'GET',
      url: `/s2c/staff/v1/setup?token=${encodeURIComponent(token)}`,
    });
    expect(offer.statusCode).toBe(200);
    const offered = offer.json<{ data: { totpSecret: string } }>().data.totpSecret;
    expect(offered).toMatch(/^[A-Z2-7]{32}$/);
    const link = (await storedSecrets(email)).link!;
    expect(isSealedTotpSecret(link)).toBe(true);
    expect(link).not.toContain(offered);

    const password = 'a long sealed passphrase';
    const setUp = await t.app.inject({
      method: 'POST',
      url: '/s2c/staff/v1/setup',
      payload: { token, password, code: totpCode(offered, clock) },
    });
    expect(setUp.statusCode, setUp.body).toBe(200);
    const account = (await storedSecrets(email)).account!;
    expect(isSealedTotpSecret(account)).toBe(true);
    expect(account).not.toContain(offered);
    expect(openTotpSecret(account, key)).toBe(offered);

    clock += 30_000;
    const staff = {
      id: 0,
      email,
      password,
      totpSecret: offered,
      role: 'support' as const,
      countries: ['gr'],
    };
    const staffToken = await staffLogin(t.app, staff, clock);
    expect((await staffCall(t.app, staffToken, 'GET', '/s2c/staff/v1/session')).statusCode).toBe(
      200,
    );
  });

  it('lets a secret stored plain before the key log in, and stores it encrypted from that login on', async () => {
    const plain = await createStaff(t.database.db, 'manager', ['gr']);
    expect((await storedSecrets(plain.email)).account).toBe(plain.totpSecret);
    clock += 30_000;
    await staffLogin(t.app, plain, clock);
    const stored = (await storedSecrets(plain.email)).account!;
    expect(isSealedTotpSecret(stored)).toBe(true);
    expect(openTotpSecret(stored, key)).toBe(plain.totpSecret);
    clock += 30_000;
    await staffLogin(t.app, plain, clock);
    // A later login leaves the encrypted secret as it is.
    expect((await storedSecrets(plain.email)).account).toBe(stored);
  });

  it('refuses a login whose secret is encrypted with another key', async () => {
    const other = await createStaff(t.database.db, 'support', ['gr']);
    await t.database.db.execute(
      sql`update staff_accounts set totp_secret = ${sealTotpSecret(other.totpSecret, randomBytes(32))}
          where id = ${other.id}`,
    );
    clock += 30_000;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/s2c/staff/v1/session',
      payload: {
        email: other.email,
        password: other.password,
        code: totpCode(other.totpSecret, clock),
      },
    });
    expect(answer.statusCode).toBe(401);
  });

  it('creates the demo staff with encrypted secrets', async () => {
    const fresh = await createTestDatabase();
    try {
      expect(await createDemoStaff(fresh.db, key)).toBe(demoStaff.length);
      const rows = rowsOf<{ email: string; totp_secret: string }>(
        await fresh.db.execute(sql`select email, totp_secret from staff_accounts order by email`),
      );
      for (const row of rows) {
        const demo = demoStaff.find((staff) => staff.email === row.email)!;
        expect(isSealedTotpSecret(row.totp_secret)).toBe(true);
        expect(openTotpSecret(row.totp_secret, key)).toBe(demo.totpSecret);
      }
    } finally {
      await fresh.dispose();
    }
  });
});
