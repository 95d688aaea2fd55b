import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { agentLinks, type AgentLinkPurpose } from '../agents/schema.js';
import { millisecondsInterval } from '../mail/sql-time.js';

/**
 * Emailed links: 32 random bytes (base64url) in the mail, only their SHA-256
 * in the database, so a copy of the database opens no account. Each link has
 * one purpose and an expiry, and works once.
 */

export type LinkPurpose = AgentLinkPurpose;

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Creates a link for a member; returns the token for the mail (never stored).
 * `email` is the new address a change-email link confirms.
 */
export async function createLink(
  tx: Transaction,
  link: { agentId: number; purpose: LinkPurpose; lifetimeMs: number; email?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(agentLinks).values({
    agentId: link.agentId,
    purpose: link.purpose,
    tokenHash: hashLinkToken(token),
    expiresAt: sql`now() + ${millisecondsInterval(link.lifetimeMs)}`,
    email: link.email ?? null,
  });
  return token;
}

/**
 * Voids the member's open links (all of them, or those of the given
 * purposes): after a change of password or email, a link mailed before it
 * must not open the account (OWASP ASVS V6/V7: credential changes end what
 * the old credentials gave). They count as used from now on.
 */
export async function voidOpenLinks(
  tx: Transaction,
  agentId: number,
  purposes?: readonly LinkPurpose[],
): Promise<LinkPurpose[]> {
  const rows = await tx
    .update(agentLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(agentLinks.agentId, agentId),
        isNull(agentLinks.usedAt),
        gt(agentLinks.expiresAt, sql`now()`),
        purposes === undefined ? undefined : inArray(agentLinks.purpose, [...purposes]),
      ),
    )
    .returning({ purpose: agentLinks.purpose });
  return rows.map((row) => row.purpose);
}

/**
 * Uses a link: one statement that marks it used only if it is unused and
 * unexpired, so of two requests racing with the same link exactly one wins.
 * `agentId` restricts it to one member's links (delete-confirm).
 */
export async function consumeLink(
  tx: Transaction,
  link: { token: string; purpose: LinkPurpose; agentId?: number },
): Promise<{ agentId: number; email: string | null } | null> {
  if (!tokenPattern.test(link.token)) return null;
  const [row] = await tx
    .update(agentLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(agentLinks.tokenHash, hashLinkToken(link.token)),
        eq(agentLinks.purpose, link.purpose),
        isNull(agentLinks.usedAt),
        gt(agentLinks.expiresAt, sql`now()`),
        link.agentId === undefined ? undefined : eq(agentLinks.agentId, link.agentId),
      ),
    )
    .returning({ agentId: agentLinks.agentId, email: agentLinks.email });
  return row ?? null;
}

export type LinkState = { agentId: number; used: boolean; expired: boolean };

/** What a link is, without using it: for a page that only looks (GET), or to explain a failed use. */
export async function findLink(
  db: Database,
  link: { token: string; purpose: LinkPurpose },
): Promise<LinkState | null> {
  if (!tokenPattern.test(link.token)) return null;
  const [row] = await db
    .select({
      agentId: agentLinks.agentId,
      used: sql<boolean>`${agentLinks.usedAt} is not null`,
      expired: sql<boolean>`${agentLinks.expiresAt} <= now()`,
    })
    .from(agentLinks)
    .where(
      and(
        eq(agentLinks.tokenHash, hashLinkToken(link.token)),
        eq(agentLinks.purpose, link.purpose),
      ),
    );
  return row ?? null;
}

/** Whether a member was sent a link of this purpose that is still usable. */
export async function hasOpenLink(
  db: Database,
  link: { agentId: number; purpose: LinkPurpose },
): Promise<boolean> {
  const [row] = await db
    .select({ id: agentLinks.id })
    .from(agentLinks)
    .where(
      and(
        eq(agentLinks.agentId, link.agentId),
        eq(agentLinks.purpose, link.purpose),
        isNull(agentLinks.usedAt),
        gt(agentLinks.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether a link of this purpose was made for the member within the last `withinMs`: resend throttling. */
export async function linkSentRecently(
  db: Database,
  link: { agentId: number; purpose: LinkPurpose; withinMs: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: agentLinks.id })
    .from(agentLinks)
    .where(
      and(
        eq(agentLinks.agentId, link.agentId),
        eq(agentLinks.purpose, link.purpose),
        gt(agentLinks.createdAt, sql`now() - ${millisecondsInterval(link.withinMs)}`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A new link for a guest's "email me a link" form, unless one of the same
 * purpose went out within `quietMs` (resend throttling): the token, or null
 * when nothing is to be sent.
 */
export async function createLinkUnlessSentRecently(
  tx: Transaction,
  link: { agentId: number; purpose: LinkPurpose; lifetimeMs: number },
  quietMs: number,
): Promise<string | null> {
  if (await linkSentRecently(tx, { ...link, withinMs: quietMs })) return null;
  return createLink(tx, link);
}
