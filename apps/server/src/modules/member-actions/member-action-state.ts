import { sql } from 'drizzle-orm';
import type { MemberActionState } from '@club/contract/staff-member-actions';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { linkLifeTimeDays, daysInMs } from '../account-links/link-lifetimes.js';
import { acceptedCurrentTerms } from '../agents/members.js';
import type { AccountStatus } from '../agents/schema.js';

type StateRow = {
  number: string;
  countryCode: string;
  status: AccountStatus;
  isAmadeusDirectUser: boolean;
  acceptedTermsVersion: string | null;
  currentTermsVersion: string | null;
  loginFailures: number | null;
  loginBlockedUntil: string | Date | null;
  openSessions: number;
  deletedAt: string | Date | null;
};

const iso = (value: string | Date | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * What the member's actions depend on, in one statement: the member by number
 * (unique index), the country's terms (primary key), the number's failed-login
 * counter (primary key) and the open sessions (sessions by member index).
 * Undefined for no such member (a purged one's tombstone is none).
 */
export async function memberActionState(
  db: Database,
  config: Pick<Config, 'linkLifeTime' | 'loginLimits'>,
  number: string,
  now: Date,
): Promise<MemberActionState | undefined> {
  const at = now.toISOString();
  const windowStart = new Date(
    now.getTime() - config.loginLimits.failureWindowMinutes * 60_000,
  ).toISOString();
  const result = await db.execute<StateRow>(sql`
    select a.number, a.country_code as "countryCode", a.status,
      a.is_amadeus_direct_user as "isAmadeusDirectUser",
      a.accepted_terms_version as "acceptedTermsVersion",
      c.terms_version as "currentTermsVersion",
      a.deleted_at as "deletedAt",
      (select f.failures from login_failures f where f.key = 'number:' || a.number
        and f.window_started_at > ${windowStart}::timestamptz) as "loginFailures",
      (select f.blocked_until from login_failures f where f.key = 'number:' || a.number
        and f.blocked_until > ${at}::timestamptz) as "loginBlockedUntil",
      (select count(*) from sessions s where s.agent_id = a.id and s.revoked_at is null
        and s.expires_at > ${at}::timestamptz)::int as "openSessions"
    from agents a left join countries c on c.code = a.country_code
    where a.number = ${number} and a.status <> 'purged'`);
  const [row] = rowsOf<StateRow>(result);
  if (row === undefined) return undefined;
  const deletedAt = iso(row.deletedAt);
  return {
    number: row.number,
    countryCode: row.countryCode,
    status: row.status,
    isAmadeusDirectUser: row.isAmadeusDirectUser,
    acceptedCurrentTerms: acceptedCurrentTerms(row),
    acceptedTermsVersion: row.acceptedTermsVersion,
    currentTermsVersion: row.currentTermsVersion,
    loginFailures: row.loginFailures ?? 0,
    loginBlockedUntil: iso(row.loginBlockedUntil),
    openSessions: row.openSessions,
    deletedAt,
    restorableUntil:
      row.status === 'deleted' && deletedAt !== null
        ? new Date(
            Date.parse(deletedAt) + daysInMs(linkLifeTimeDays(config, row.countryCode)),
          ).toISOString()
        : null,
  };
}
