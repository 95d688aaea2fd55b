import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { ExpiryForecast } from '@club/contract/points';
import type { Database } from '../../db/client.js';
import { addMonths, monthOf } from './calendar-days.js';
import { pointLots } from './schema.js';

/**
 * Points lapsing in each of the next 12 months, this one included, and the
 * next lapse. Lots are per credit day, so a member has at most about 1,100
 * of them with points left, whatever their number of segments.
 */
export async function expiryForecast(
  db: Database,
  agentId: number,
  today: string,
): Promise<ExpiryForecast> {
  const end = addMonths(today, 12);
  const rows = await db
    .select({
      expiresOn: pointLots.expiresOn,
      points: sql<number>`sum(${pointLots.remaining})::int`,
    })
    .from(pointLots)
    .where(
      and(
        eq(pointLots.agentId, agentId),
        gt(pointLots.remaining, 0),
        gt(pointLots.expiresOn, today),
        lt(pointLots.expiresOn, end),
      ),
    )
    .groupBy(pointLots.expiresOn)
    .orderBy(asc(pointLots.expiresOn));
  const months = Array.from({ length: 12 }, (_, index) => ({
    month: monthOf(addMonths(today, index)),
    points: 0,
  }));
  for (const row of rows) {
    const month = months.find((candidate) => candidate.month === monthOf(row.expiresOn));
    if (month) month.points += row.points;
  }
  const first = rows[0];
  return { months, next: first ? { date: first.expiresOn, points: first.points } : null };
}
