import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { sessions } from './schema.js';
import { deleteMemberHandovers, deleteSessionHandovers } from './session-handovers.js';
import { newSessionToken } from './session-tokens.js';

/** Opens a session for the member and gives its token, which is never stored. */
export async function openSession(
  tx: Transaction,
  agentId: number,
  now: Date,
  lifetimeHours: number,
): Promise<string> {
  const { token, tokenHash } = newSessionToken();
  await tx.insert(sessions).values({
    agentId,
    tokenHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeHours * 3_600_000),
  });
  return token;
}

/**
 * A new session as a statement not yet run, to be run inside another one
 * (login runs it alongside clearing its count of failures); and its token.
 */
export function sessionInsert(
  db: Database,
  agentId: number,
  now: Date,
  lifetimeHours: number,
): { token: string; statement: SQL } {
  const { token, tokenHash } = newSessionToken();
  const statement = db
    .insert(sessions)
    .values({
      agentId,
      tokenHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimeHours * 3_600_000),
    })
    .getSQL();
  return { token, statement };
}

/** Logout: the session of this token ends now, and the handover codes it minted. */
export async function revokeSession(db: Database, tokenHash: string, now: Date): Promise<void> {
  await deleteSessionHandovers(db, tokenHash);
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** The session `sessionId` ends now (a session handed over to another site). */
export async function endSession(tx: Transaction, sessionId: number, now: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every open session of a member (a password reset, a confirmed
 * deletion), or every one but `exceptSessionId` (a password change keeps the
 * session it was made in). The handover codes of the ended sessions go too.
 */
export async function revokeAgentSessions(
  tx: Transaction,
  agentId: number,
  now: Date,
  exceptSessionId?: number,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.agentId, agentId),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined ? sql`true` : ne(sessions.id, exceptSessionId),
      ),
    );
  await deleteMemberHandovers(tx, agentId, exceptSessionId);
}
