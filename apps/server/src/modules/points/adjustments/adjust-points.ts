import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.js';
import { recordAudit, type AuditActor } from '../../audit/audit-log.js';
import { LedgerSession } from '../ledger.js';
import { pointAdjustments } from '../schema.js';

export type AdjustedMember = { id: number; number: string; countryCode: string };

export type PointsAdjustmentInput = {
  /** Positive credits, negative debits (never more than the member has available). */
  points: number;
  /** Why: the ledger entry's description, which the member reads on their points page. */
  reason: string;
  /** A points file's line reference (loading it again credits nothing twice); default: a new one. */
  reference?: string;
  /** The day the points count as credited (a points file may back-date them); default: today. */
  creditedOn?: string;
};

export type AppliedAdjustment = {
  entryId: number;
  before: number;
  after: number;
};

/**
 * One adjustment of a member's points, in the caller's transaction: the
 * ledger entry (kind `additional`, credit or debit; a debit larger than what
 * is available throws NotEnoughPoints and nothing is written), the
 * adjustment's row naming its entry and who made it, and the audit entry
 * `member.adjust-points` with the balance before and after. The console's
 * adjustments and the points file both come through here. Answers null
 * when the reference was already used.
 */
export async function applyPointsAdjustment(
  tx: Transaction,
  actor: AuditActor,
  member: AdjustedMember,
  input: PointsAdjustmentInput,
  today: string,
): Promise<AppliedAdjustment | null> {
  const reference = input.reference ?? `staff-${randomUUID()}`;
  const claimed = await tx
    .insert(pointAdjustments)
    .values({ reference, agentId: member.id, points: input.points, actor: actor.label })
    .onConflictDoNothing()
    .returning({ reference: pointAdjustments.reference });
  if (claimed.length === 0) return null;
  // A back-dated credit is written as on its day; the next session lets it lapse if due.
  const session = await LedgerSession.open(tx, [member.id], input.creditedOn ?? today);
  const before = session.balance(member.id).available;
  if (input.points > 0) {
    session.credit(member.id, {
      kind: 'additional',
      amount: input.points,
      description: input.reason,
    });
  } else {
    session.debit(member.id, {
      kind: 'additional',
      amount: -input.points,
      description: input.reason,
    });
  }
  const after = session.balance(member.id).available;
  const [entryId] = (await session.flush()).slice(-1);
  if (entryId === undefined) throw new Error('The adjustment wrote no ledger entry');
  await tx
    .update(pointAdjustments)
    .set({ entryId })
    .where(eq(pointAdjustments.reference, reference));
  await recordAudit(tx, actor, {
    action: 'member.adjust-points',
    targetType: 'member',
    target: member.number,
    countryCode: member.countryCode,
    reason: input.reason,
    before: { available: before },
    after: { available: after, points: input.points, entryId, reference },
  });
  return { entryId, before, after };
}
