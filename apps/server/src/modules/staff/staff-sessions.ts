import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { StaffRole } from './schema.js';
import { staffSessions } from './schema.js';
import { newStaffToken } from './staff-tokens.js';

/** The staff member a session belongs to, as every staff call sees them. */
export type StaffPrincipal = {
  id: number;
  email: string;
  role: StaffRole;
  /** Empty for an admin: every country. */
  countries: string[];
  sessionId: number;
};

export type StaffSessionLimits = { idleMinutes: number; sessionHours: number };

/** Opens a staff session and gives its token, which is never stored. */
export async function openStaffSession(
  db: Database | Transaction,
  staffId: number,
  now: Date,
  limits: StaffSessionLimits,
): Promise<string> {
  const { token, tokenHash } = newStaffToken();
  await db.insert(staffSessions).values({
    staffId,
    tokenHash,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + limits.sessionHours * 3_600_000),
  });
  return token;
}

type PrincipalRow = {
  id: number;
  email: string;
  role: StaffRole;
  countries: string[];
  session_id: number;
};

/**
 * The staff member of a session token, if the session is live: not ended,
 * within 8 hours of its login, and used within the idle time. A live session
 * is touched in the same statement, so each call restarts its idle time; a
 * disabled account has no live session.
 */
export async function staffBySessionToken(
  db: Database,
  tokenHash: string,
  now: Date,
  limits: StaffSessionLimits,
): Promise<StaffPrincipal | undefined> {
  const idleSince = new Date(now.getTime() - limits.idleMinutes * 60_000);
  const result = await db.execute(sql`
    with live as (
      update staff_sessions set last_seen_at = ${now.toISOString()}
      where token_hash = ${tokenHash}
        and revoked_at is null
        and expires_at > ${now.toISOString()}
        and last_seen_at > ${idleSince.toISOString()}
      returning id, staff_id
    )
    select a.id, a.email, a.role, a.countries, live.id as session_id
    from live join staff_accounts a on a.id = live.staff_id
    where a.disabled_at is null`);
  const row = rowsOf<PrincipalRow>(result)[0];
  if (row === undefined) return undefined;
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    countries: row.countries,
    sessionId: row.session_id,
  };
}

/** Logout: this session ends now. */
export async function endStaffSession(db: Database, sessionId: number, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

/** Every open session of a staff account ends (disabled, role or password changed). */
export async function endAllStaffSessions(
  tx: Transaction,
  staffId: number,
  now: Date,
): Promise<void> {
  await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}
