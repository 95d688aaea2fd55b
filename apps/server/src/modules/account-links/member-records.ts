import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { mailRecipientColumns } from '../agents/mail-recipient.js';
import { agents, sessions, type AgentStatus } from '../agents/schema.js';
import { deleteMemberHandovers } from '../agents/session-handovers.js';
import { daysInterval } from '../mail/sql-time.js';

/** The member fields the emailed-link flows need. */
export const memberColumns = {
  id: agents.id,
  number: agents.number,
  ...mailRecipientColumns,
  status: agents.status,
  deletedAt: agents.deletedAt,
};

export type MemberRecord = {
  id: number;
  number: string;
  email: string;
  firstName: string;
  countryCode: string;
  languageCode: string;
  status: AgentStatus;
  deletedAt: Date | null;
};

/** Emails are unique regardless of case (see the agents table's index). */
export async function findMemberByEmail(db: Database, email: string): Promise<MemberRecord | null> {
  const [row] = await db
    .select(memberColumns)
    .from(agents)
    .where(sql`lower(${agents.email}) = lower(${email.trim()})`);
  return row ?? null;
}

export async function findMember(db: Database, id: number): Promise<MemberRecord | null> {
  const [row] = await db.select(memberColumns).from(agents).where(eq(agents.id, id));
  return row ?? null;
}

/** Locks the member's row for the rest of the transaction: two links used at once change it one after the other. */
export async function lockMember(tx: Transaction, id: number): Promise<MemberRecord | null> {
  const [row] = await tx.select(memberColumns).from(agents).where(eq(agents.id, id)).for('update');
  return row ?? null;
}

/** Asked to be deleted: a delete link is out (spec 1 §4 "Account"). */
export async function markDeletionRequested(tx: Transaction, id: number): Promise<void> {
  await tx
    .update(agents)
    .set({ status: 'deletion_requested' })
    .where(and(eq(agents.id, id), eq(agents.status, 'active')));
}

/** Deleted: kept, restorable, until the purge job removes it after linkLifeTime days. */
export async function markDeleted(tx: Transaction, id: number): Promise<void> {
  await tx
    .update(agents)
    .set({ status: 'deleted', deletedAt: sql`now()` })
    .where(eq(agents.id, id));
}

export async function markRestored(tx: Transaction, id: number): Promise<void> {
  await tx.update(agents).set({ status: 'active', deletedAt: null }).where(eq(agents.id, id));
}

export async function activateMember(tx: Transaction, id: number): Promise<void> {
  await tx
    .update(agents)
    .set({ status: 'active', activatedAt: sql`coalesce(${agents.activatedAt}, now())` })
    .where(eq(agents.id, id));
}

export async function setMemberPassword(
  tx: Transaction,
  id: number,
  passwordHash: string,
): Promise<void> {
  await tx.update(agents).set({ passwordHash }).where(eq(agents.id, id));
}

/** Ends every open session of the member (password reset, deletion), and their handover codes. */
export async function revokeAllSessions(tx: Transaction, agentId: number): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.agentId, agentId), isNull(sessions.revokedAt)));
  await deleteMemberHandovers(tx, agentId);
}

/** Whether a deleted member is still within the retention of `days` (restorable, not yet purged). */
export async function deletedWithin(db: Database, id: number, days: number): Promise<boolean> {
  const [row] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(
      and(
        eq(agents.id, id),
        eq(agents.status, 'deleted'),
        sql`${agents.deletedAt} > now() - ${daysInterval(days)}`,
      ),
    );
  return row !== undefined;
}
