import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { agents } from '../../agents/schema.js';
import type { AuditActor } from '../../audit/audit-log.js';
import { pointArchives } from '../schema.js';
import { applyPointsAdjustment } from './adjust-points.js';
import { AdjustmentRecordSchema, type AdjustmentRecord } from './adjustment-record.js';

export type AdjustmentsSummary = {
  credited: number;
  archived: number;
  unchanged: number;
  rejected: { line: number; message: string }[];
};

/**
 * Loads a points file: each `additional` line credits its points once (by
 * reference) in its own transaction with its ledger entry and its audit
 * entry (applyPointsAdjustment, as the console's adjustments); each `archive`
 * line sets the member's archived balance. A bad line is reported with its
 * number and never stops the load.
 */
export async function importAdjustments(
  db: Database,
  lines: AsyncIterable<string> | Iterable<string>,
  today: string,
  /** Who loads the file: the audit log's actor of each credit. */
  actor: AuditActor,
): Promise<AdjustmentsSummary> {
  const summary: AdjustmentsSummary = { credited: 0, archived: 0, unchanged: 0, rejected: [] };
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    let record: AdjustmentRecord;
    try {
      const parsed = AdjustmentRecordSchema.safeParse(JSON.parse(line));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        summary.rejected.push({
          line: lineNumber,
          message: `${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'invalid'}`,
        });
        continue;
      }
      record = parsed.data;
    } catch {
      summary.rejected.push({ line: lineNumber, message: 'not JSON' });
      continue;
    }
    if (record.type === 'archive') {
      const { number, archiveDate, accumulated, additional, used, remaining } = record;
      const values = { archiveDate, accumulated, additional, used, remaining };
      await db
        .insert(pointArchives)
        .values({ memberNumber: number, ...values })
        .onConflictDoUpdate({ target: pointArchives.memberNumber, set: values });
      summary.archived += 1;
      continue;
    }
    if (record.creditedOn !== undefined && record.creditedOn > today) {
      summary.rejected.push({ line: lineNumber, message: 'creditedOn: must not be in the future' });
      continue;
    }
    const outcome = await credit(db, actor, record, today);
    if (outcome === 'credited') summary.credited += 1;
    else if (outcome === 'unchanged') summary.unchanged += 1;
    else summary.rejected.push({ line: lineNumber, message: `no member ${record.number}` });
  }
  return summary;
}

async function credit(
  db: Database,
  actor: AuditActor,
  record: Extract<AdjustmentRecord, { type: 'additional' }>,
  today: string,
): Promise<'credited' | 'unchanged' | 'unknown-member'> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: agents.id, number: agents.number, countryCode: agents.countryCode })
      .from(agents)
      .where(eq(agents.number, record.number));
    if (member === undefined) return 'unknown-member';
    const applied = await applyPointsAdjustment(
      tx,
      actor,
      member,
      {
        points: record.points,
        reason: record.description,
        reference: record.reference,
        ...(record.creditedOn === undefined ? {} : { creditedOn: record.creditedOn }),
      },
      today,
    );
    return applied === null ? 'unchanged' : 'credited';
  });
}
