import { eq } from 'drizzle-orm';
import type { TaxInformation } from '@club/contract/staff-gifts';
import type { Database, Transaction } from '../../../db/client.js';
import { recordAudit, type AuditActor } from '../../audit/audit-log.js';
import { agents } from '../../agents/schema.js';
import { memberTaxInfo } from '../schema.js';

/** A member's tax information by member number (agents' unique number index), or undefined. */
export async function taxInformation(
  db: Database,
  number: string,
): Promise<(TaxInformation & { agentId: number }) | undefined> {
  const [row] = await db
    .select({
      agentId: agents.id,
      number: agents.number,
      countryCode: agents.countryCode,
      firstName: agents.firstName,
      lastName: agents.lastName,
      taxOk: memberTaxInfo.taxOk,
      verifiedAt: memberTaxInfo.verifiedAt,
    })
    .from(agents)
    .leftJoin(memberTaxInfo, eq(memberTaxInfo.agentId, agents.id))
    .where(eq(agents.number, number));
  if (row === undefined) return undefined;
  return {
    agentId: row.agentId,
    number: row.number ?? number,
    countryCode: row.countryCode,
    firstName: row.firstName,
    lastName: row.lastName,
    taxOk: row.taxOk ?? false,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}

/**
 * Records that a member's tax information is verified (or not any more),
 * audited `member.tax` with before and after in the same transaction. The
 * console and `npm run gifts:tax` both come here.
 */
export async function setTaxInformation(
  db: Database,
  member: { agentId: number; number: string; countryCode: string; taxOk: boolean },
  change: { taxOk: boolean; reason: string; actor: AuditActor; now: Date },
): Promise<void> {
  await db.transaction((tx) => writeTaxOk(tx, member, change));
}

/**
 * `setTaxInformation` in the caller's transaction: a confirmation of the
 * member's tax details sets their tax flag exactly this way.
 */
export async function writeTaxOk(
  tx: Transaction,
  member: { agentId: number; number: string; countryCode: string; taxOk: boolean },
  change: { taxOk: boolean; reason: string; actor: AuditActor; now: Date },
): Promise<void> {
  await tx
    .insert(memberTaxInfo)
    .values({
      agentId: member.agentId,
      taxOk: change.taxOk,
      verifiedAt: change.taxOk ? change.now : null,
    })
    .onConflictDoUpdate({
      target: memberTaxInfo.agentId,
      set: { taxOk: change.taxOk, verifiedAt: change.taxOk ? change.now : null },
    });
  await recordAudit(
    tx,
    change.actor,
    {
      action: 'member.tax',
      targetType: 'member',
      target: member.number,
      countryCode: member.countryCode,
      reason: change.reason || null,
      before: { taxOk: member.taxOk },
      after: { taxOk: change.taxOk },
    },
    change.now,
  );
}
