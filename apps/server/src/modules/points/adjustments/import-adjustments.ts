import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { agents } from '../../agents/schema.js';
import { LedgerSession } from '../ledger.js';
import { pointAdjustments, pointArchives } from '../schema.js';
import { AdjustmentRecordSchema, type AdjustmentRecord } from './adjustment-record.js';

export type AdjustmentsSummary = {
  credited: number;
  archived: number;
  unchanged: number;
  rejected: { line: number; message: string }[];
};

/**
 * Loads a points file: each `additional` line credits its points once (by
 * reference) in its own transaction with its ledger entry; each `archive`
 * line sets the member's archived balance. A bad line is reported with its
 * number and never stops the load.
 */
export async function importAdjustments(
  db: Database,
  lines: AsyncIterable<string> | Iterable<string>,
  today: string,
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
    const outcome = await credit(db, record, today);
    if (outcome === 'credited') summary.credited += 1;
    else if (outcome === 'unchanged') summary.unchanged += 1;
    else summary.rejected.push({ line: lineNumber, message: `no member ${record.number}` });
  }
  return summary;
}

async function credit(
  db: Database,
  record: Extract<AdjustmentRecord, { type: 'additional' }>,
  today: string,
): Promise<'credited' | 'unchanged' | 'unknown-member'> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.number, record.number));
    if (member === undefined) return 'unknown-member';
    const claimed = await tx
      .insert(pointAdjustments)
      .values({ reference: record.reference, agentId: member.id, points: record.points })
      .onConflictDoNothing()
      .returning({ reference: pointAdjustments.reference });
    if (claimed.length === 0) return 'unchanged';
    // A back-dated credit is written as on its day; the next session lets it lapse if due.
    const session = await LedgerSession.open(tx, [member.id], record.creditedOn ?? today);
    session.credit(member.id, {
      kind: 'additional',
      amount: record.points,
      description: record.description,
    });
    await session.flush();
    return 'credited';
  });
}
