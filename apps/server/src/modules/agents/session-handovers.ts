import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessionHandovers } from './schema.js';
import { hashToken, newSessionToken } from './session-tokens.js';

/** A handover code is for the redirect that follows at once: it lives a minute. */
export const handoverLifetimeSeconds = 60;

/**
 * Issues a handover code for the member to the site of `countryCode`. The
 * member's expired codes go; live ones stay, so two logins at once (two
 * devices, two tabs) each arrive. The code itself is never stored.
 */
export async function issueHandover(
  db: Database,
  agentId: number,
  countryCode: string,
  now: Date,
): Promise<string> {
  const { token: code, tokenHash: codeHash } = newSessionToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(sessionHandovers)
      .where(and(eq(sessionHandovers.agentId, agentId), lte(sessionHandovers.expiresAt, now)));
    await tx.insert(sessionHandovers).values({
      agentId,
      countryCode,
      codeHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + handoverLifetimeSeconds * 1000),
    });
  });
  return code;
}

/**
 * Uses a code on the site of `countryCode`: the member it hands over, or
 * undefined when it is unknown, used, expired or for another country's site.
 * The row is deleted in the same statement that finds it, so of two requests
 * with one code only one gets the member, and a code refused for its country
 * is gone too.
 */
export async function useHandover(
  db: Database,
  code: string,
  countryCode: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .delete(sessionHandovers)
    .where(eq(sessionHandovers.codeHash, hashToken(code)))
    .returning({
      agentId: sessionHandovers.agentId,
      countryCode: sessionHandovers.countryCode,
      expiresAt: sessionHandovers.expiresAt,
    });
  if (row === undefined || row.expiresAt.getTime() <= now.getTime()) return undefined;
  return row.countryCode === countryCode ? row.agentId : undefined;
}
