import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { readColumns, type ColumnRead } from '../../../db/columns.js';
import type { Database, Transaction } from '../../../db/client.js';
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
  /** The booking the credit is for (a missing-points claim's PNR, when it is stored). */
  bookingId?: number | null;
  /** Where the reports count a credit: a claim's approval, or staff's (default). */
  source?: 'claim' | 'staff';
};

/**
 * The support role's limit: the points (credits and debits alike) support
 * accounts together may adjust for one member in one day (UTC).
 */
export type DailyAdjustmentLimit = { pointsPerMemberPerDay: number };

/** The limit would be passed: nothing of the adjustment is written. */
export class AdjustmentLimitReached extends Error {
  constructor(
    readonly limit: number,
    /** What support adjusted for the member today before this adjustment. */
    readonly usedToday: number,
  ) {
    super(`The daily adjustment limit of ${limit} points is reached (${usedToday} used today)`);
    this.name = 'AdjustmentLimitReached';
  }
}

/**
 * Points adjusted for the member under the support limit on `day`, this
 * transaction's own included (nothing to read without a limit).
 */
function supportDayTotalColumn(
  agentId: number,
  day: string,
  dailyLimit: DailyAdjustmentLimit | undefined,
): ColumnRead<number> {
  if (dailyLimit === undefined) return { sql: sql`select 0`, decode: () => 0 };
  return {
    sql: sql`select coalesce(sum(abs(points)), 0)::int from point_adjustments
      where agent_id = ${agentId} and support_limit_day = ${day}::date`,
    decode: (value) => Number(value ?? 0),
  };
}

/** What support may still adjust for the member on `day` under the daily limit (at least 0). */
export async function supportAdjustmentLeft(
  db: Database,
  agentId: number,
  day: string,
  dailyLimit: DailyAdjustmentLimit,
): Promise<number> {
  const { used } = await readColumns(db, {
    used: supportDayTotalColumn(agentId, day, dailyLimit),
  });
  return Math.max(0, dailyLimit.pointsPerMemberPerDay - used);
}

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
 * when the reference was already used. With `dailyLimit` (a support account)
 * the adjustment counts against the limit per member per day, in this
 * transaction: past it, AdjustmentLimitReached is thrown and nothing is
 * written.
 */
export async function applyPointsAdjustment(
  tx: Transaction,
  actor: AuditActor,
  member: AdjustedMember,
  input: PointsAdjustmentInput,
  today: string,
  /** Set for a support account: the adjustment counts against its limit per member per day. */
  dailyLimit?: DailyAdjustmentLimit,
): Promise<AppliedAdjustment | null> {
  const reference = input.reference ?? `staff-${randomUUID()}`;
  const claimed = await tx
    .insert(pointAdjustments)
    .values({
      reference,
      agentId: member.id,
      points: input.points,
      actor: actor.label,
      supportLimitDay: dailyLimit === undefined ? null : today,
    })
    .onConflictDoNothing()
    .returning({ reference: pointAdjustments.reference });
  if (claimed.length === 0) return null;
  // A back-dated credit is written as on its day; the next session lets it lapse if due.
  // The day's total is read once the member's balance is locked: two adjustments at
  // once are counted one after the other, each with the other's points if it committed.
  const locked = await LedgerSession.lock(tx, [member.id], {
    afterLock: { supportToday: supportDayTotalColumn(member.id, today, dailyLimit) },
  });
  const total = locked.read.supportToday;
  if (dailyLimit !== undefined && total > dailyLimit.pointsPerMemberPerDay) {
    throw new AdjustmentLimitReached(
      dailyLimit.pointsPerMemberPerDay,
      total - Math.abs(input.points),
    );
  }
  const session = locked.open(input.creditedOn ?? today);
  const before = session.balance(member.id).available;
  if (input.points > 0) {
    session.credit(member.id, {
      kind: 'additional',
      amount: input.points,
      description: input.reason,
      bookingId: input.bookingId ?? null,
      source: input.source ?? 'staff',
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
