import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { hashPassword } from '../modules/agents/password.js';
import { staffAccounts, type StaffRole } from '../modules/staff/schema.js';
import { newTotpSecret, totpCode } from '../modules/staff/totp.js';

/** Helpers for tests of the staff calls through HTTP. */

export type TestStaff = {
  id: number;
  email: string;
  password: string;
  totpSecret: string;
  role: StaffRole;
  countries: string[];
};

let counter = 0;

/** A set-up staff account (password and code enrolled), straight into the database. */
export async function createStaff(
  db: Database,
  role: StaffRole,
  countries: string[] = [],
  email = `staff${++counter}.${role}@example.com`,
): Promise<TestStaff> {
  const password = `correct horse ${role} ${counter}`;
  const totpSecret = newTotpSecret();
  const [row] = await db
    .insert(staffAccounts)
    .values({ email, role, countries, passwordHash: await hashPassword(password), totpSecret })
    .returning({ id: staffAccounts.id });
  return { id: row!.id, email, password, totpSecret, role, countries };
}

/**
 * Logs a staff member in and answers the token. Each login takes a fresh time
 * step (a code works once), so the clock given must move on by 30 s between
 * logins of one account, or pass `at` for each.
 */
export async function staffLogin(
  app: App,
  staff: TestStaff,
  at: number = Date.now(),
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/s2c/staff/v1/session',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      email: staff.email,
      password: staff.password,
      code: totpCode(staff.totpSecret, at),
    }).toString(),
  });
  if (response.statusCode !== 200) {
    throw new Error(`staff login failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ data: { token: string } }>().data.token;
}

/** A staff call with a token; `body` is sent form-encoded. */
export async function staffCall(
  app: App,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: Record<string, string>,
) {
  return app.inject({
    method,
    url,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    ...(body === undefined ? {} : { payload: new URLSearchParams(body).toString() }),
  });
}
