import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { sessionHandovers, sessions } from './schema.js';
import { hashToken, newSessionToken } from './session-tokens.js';

/** A handover code is for the redirect that follows at once: it lives a minute. */
export const handoverLifetimeSeconds = 60;

/**
 * Issues a handover code for the member to the site of `countryCode`, minted
 * by the session `sessionId`. The member's expired codes go; live ones stay,
 * so two logins at once (two devices, two tabs) each arrive. The code itself
 * is never stored.
 */
export async function issueHandover(
  db: Database,
  minter: { agentId: number; sessionId: number },
  countryCode: string,
  now: Date,
): Promise<string> {
  const { agentId, sessionId } = minter;
  const { token: code, tokenHash: codeHash } = newSessionToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(sessionHandovers)
      .where(and(eq(sessionHandovers.agentId, agentId), lte(sessionHandovers.expiresAt, now)));
    await tx.insert(sessionHandovers).values({
      agentId,
      sessionId,
      countryCode,
      codeHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + handoverLifetimeSeconds * 1000),
    });
  });
  return code;
}

/**
 * Uses a code on the site of `countryCode`: the member it hands over and the
 * session that minted it, or undefined when it is unknown, used, expired, for
 * another country's site, or when the session that minted it has ended (a
 * stolen token's codes die with it). The row is deleted in the same statement
 * that finds it and reads its session, so of two requests with one code only
 * one gets the member, and a refused code is gone too.
 */
export async function useHandover(
  db: Database | Transaction,
  code: string,
  countryCode: string,
  now: Date,
): Promise<{ agentId: number; sessionId: number } | undefined> {
  const [row] = await db
    .delete(sessionHandovers)
    .where(eq(sessionHandovers.codeHash, hashToken(code)))
    .returning({
      agentId: sessionHandovers.agentId,
      sessionId: sessionHandovers.sessionId,
      countryCode: sessionHandovers.countryCode,
      expiresAt: sessionHandovers.expiresAt,
      minterOpen: sql<boolean>`exists (select 1 from ${sessions} where ${sessions.id} = ${sessionHandovers.sessionId} and ${sessions.revokedAt} is null and ${sessions.expiresAt} > ${now.toISOString()})`,
    });
  if (row === undefined || row.expiresAt.getTime() <= now.getTime() || !row.minterOpen)
    return undefined;
  return row.countryCode === countryCode
    ? { agentId: row.agentId, sessionId: row.sessionId }
    : undefined;
}

/**
 * Deletes the handover codes of a member whose sessions end (all of them but
 * those minted by `exceptSessionId`, the session a password change keeps).
 */
export async function deleteMemberHandovers(
  tx: Transaction | Database,
  agentId: number,
  exceptSessionId?: number,
): Promise<void> {
  await tx
    .delete(sessionHandovers)
    .where(
      and(
        eq(sessionHandovers.agentId, agentId),
        exceptSessionId === undefined ? sql`true` : ne(sessionHandovers.sessionId, exceptSessionId),
      ),
    );
}

/** Deletes the handover codes minted by the session of this token (its logout). */
export async function deleteSessionHandovers(db: Database, tokenHash: string): Promise<void> {
  await db
    .delete(sessionHandovers)
    .where(
      eq(
        sessionHandovers.sessionId,
        sql`(select ${sessions.id} from ${sessions} where ${sessions.tokenHash} = ${tokenHash})`,
      ),
    );
}
