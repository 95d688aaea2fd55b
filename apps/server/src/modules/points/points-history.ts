import { and, eq, gte, sql } from 'drizzle-orm';
import { POINTS_HISTORY_MONTHS, type PointsHistory } from '@club/contract/points';
import type { Database } from '../../db/client.js';
import { addMonths, monthOf } from './calendar-days.js';
import { lapseDuePoints } from './lapse-due-points.js';
import type { LedgerEntryKind } from './schema.js';
import { pointEntries } from './schema.js';

type Figure = 'earned' | 'spent' | 'expired';

/** Which figure of the month each kind of ledger entry counts in, and with which sign. */
const figureOf: Readonly<Record<LedgerEntryKind, { figure: Figure; sign: 1 | -1 }>> = {
  segment: { figure: 'earned', sign: 1 },
  additional: { figure: 'earned', sign: 1 },
  reversal: { figure: 'earned', sign: 1 },
  order: { figure: 'spent', sign: -1 },
  refund: { figure: 'spent', sign: -1 },
  expiry: { figure: 'expired', sign: -1 },
};

/**
 * Points earned, spent and expired in each of the last 24 months, this one
 * last, summed from the ledger entries by the month they count for. Points
 * due to lapse lapse first, as in the status report.
 */
export async function pointsHistory(
  db: Database,
  agentId: number,
  today: string,
): Promise<PointsHistory> {
  await lapseDuePoints(db, agentId, today);
  const first = addMonths(today, 1 - POINTS_HISTORY_MONTHS);
  const month = sql<string>`to_char(${pointEntries.entryDate}, 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      kind: pointEntries.kind,
      amount: sql<number>`sum(${pointEntries.amount})::int`,
    })
    .from(pointEntries)
    .where(and(eq(pointEntries.agentId, agentId), gte(pointEntries.entryDate, first)))
    .groupBy(month, pointEntries.kind);
  const months = Array.from({ length: POINTS_HISTORY_MONTHS }, (_, index) => ({
    month: monthOf(addMonths(first, index)),
    earned: 0,
    spent: 0,
    expired: 0,
  }));
  for (const row of rows) {
    const target = months.find((candidate) => candidate.month === row.month);
    const { figure, sign } = figureOf[row.kind];
    if (target) target[figure] += sign * row.amount;
  }
  return { months };
}
