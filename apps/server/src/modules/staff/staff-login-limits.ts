import { and, eq, gt, inArray, like, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import type { DeviceCookieKind } from '../agents/device-cookies.js';
import type { LoginLimits } from '../limits/login-limiter.js';
import { loginFailures } from '../limits/schema.js';

/**
 * The staff login's limits: the login limiter's counting (docs/decisions/020
 * and 024) under the name `staff:<email>`, so its keys are
 * `number:staff:<email>` (every untrusted attempt) and
 * `device:staff:<email>:<nonce>` (attempts with the staff device cookie).
 */

/** What the limiter counts a staff login under. */
export const staffLimiterName = (email: string) => `staff:${email}`;

const emailKey = (email: string) => `number:${staffLimiterName(email)}`;

/** `like` matches `_` and `%` anywhere: an email's own are matched as themselves. */
const literalPattern = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);
const devicePattern = (email: string) => `${literalPattern(`device:${staffLimiterName(email)}:`)}%`;

/**
 * The staff device cookie: a browser a staff member logged in with before
 * (the account id for the number; its own purpose, so a member's entry never
 * passes for a staff account's). It goes with the staff session calls only.
 */
export const staffDeviceCookie: DeviceCookieKind = {
  name: 'staff-device',
  path: '/s2c/staff/v1/session',
  purpose: 'staff-device-cookie',
};

/** An account's failed logins in the current window and its backoff, as the Staff area shows them. */
export type StaffLoginState = { failedLogins: number; loginBlockedUntil: string | null };

const noFailures: StaffLoginState = { failedLogins: 0, loginBlockedUntil: null };

/** The login state of each email (lower-case), by email; emails without failures are left out. */
export async function staffLoginStates(
  db: Database | Transaction,
  emails: string[],
  now: Date,
  limits: Pick<LoginLimits, 'failureWindowMinutes'>,
): Promise<Map<string, StaffLoginState>> {
  const states = new Map<string, StaffLoginState>();
  if (emails.length === 0) return states;
  const windowStart = new Date(now.getTime() - limits.failureWindowMinutes * 60_000);
  const rows = await db
    .select({
      key: loginFailures.key,
      failures: loginFailures.failures,
      blockedUntil: loginFailures.blockedUntil,
    })
    .from(loginFailures)
    .where(
      and(
        inArray(loginFailures.key, emails.map(emailKey)),
        gt(loginFailures.windowStartedAt, windowStart),
      ),
    );
  for (const row of rows) {
    const blockedUntil = row.blockedUntil === null ? null : new Date(row.blockedUntil);
    states.set(row.key.slice(emailKey('').length), {
      failedLogins: row.failures,
      loginBlockedUntil:
        blockedUntil !== null && blockedUntil > now ? blockedUntil.toISOString() : null,
    });
  }
  return states;
}

export const loginStateOf = (states: Map<string, StaffLoginState>, email: string) =>
  states.get(email) ?? noFailures;

/**
 * Ends an account's login backoff: the email's failed-login counter and the
 * counters of its staff device cookies go. Answers what was cleared.
 */
export async function clearStaffLoginFailures(
  tx: Transaction,
  email: string,
): Promise<{ failedLogins: number; loginBlockedUntil: string | null; deviceCounters: number }> {
  const cleared = await tx
    .delete(loginFailures)
    .where(
      or(eq(loginFailures.key, emailKey(email)), like(loginFailures.key, devicePattern(email))),
    )
    .returning({
      key: loginFailures.key,
      failures: loginFailures.failures,
      blockedUntil: loginFailures.blockedUntil,
    });
  const counter = cleared.find((row) => row.key === emailKey(email));
  return {
    failedLogins: counter?.failures ?? 0,
    loginBlockedUntil:
      counter?.blockedUntil == null ? null : new Date(counter.blockedUntil).toISOString(),
    deviceCounters: cleared.length - (counter === undefined ? 0 : 1),
  };
}
