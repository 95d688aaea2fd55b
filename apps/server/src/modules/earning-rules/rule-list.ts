import { and, asc, eq, sql } from 'drizzle-orm';
import type { EarningRule, NewEarningRuleParsed } from '@club/contract/earning-rules';
import type { Database, Transaction } from '../../db/client.js';
import { termsOf } from './rule-book.js';
import { earningRules } from './schema.js';

/** The staff side of the rules: the list of a country, a new rule, an ended one. */

type RuleRow = typeof earningRules.$inferSelect;

// The rule's terms as the rule book reads them, with who made and ended it.
export const ruleOf = (row: RuleRow): EarningRule => ({
  ...termsOf(row),
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  endedAt: row.endedAt?.toISOString() ?? null,
  endedBy: row.endedBy,
  earned: row.earnedAt !== null,
});

/** The rules of a country: base rules first, then campaigns, the latest start first. */
export async function rulesOfCountry(db: Database, country: string): Promise<EarningRule[]> {
  const rows = await db
    .select()
    .from(earningRules)
    .where(eq(earningRules.countryCode, country))
    .orderBy(
      sql`case when ${earningRules.kind} = 'base' then 0 else 1 end`,
      sql`${earningRules.fromDate} desc`,
      asc(earningRules.id),
    );
  return rows.map(ruleOf);
}

export async function insertRule(
  tx: Transaction,
  rule: NewEarningRuleParsed,
  createdBy: string,
  at: Date,
): Promise<EarningRule> {
  const [row] = await tx
    .insert(earningRules)
    .values({
      countryCode: rule.country,
      kind: rule.kind,
      name: rule.name,
      memberNames: rule.kind === 'base' ? {} : rule.memberNames,
      segmentTypes: rule.segmentTypes,
      points: rule.points,
      multiplierTenths: rule.multiplier === null ? null : Math.round(rule.multiplier * 10),
      fromDate: rule.from,
      toDate: rule.to,
      basis: rule.basis,
      createdBy,
      createdAt: at,
    })
    .returning();
  return ruleOf(row!);
}

/** The rule locked for a change (waits for an import batch that read it). */
export async function lockRule(tx: Transaction, id: number): Promise<RuleRow | undefined> {
  const [row] = await tx.select().from(earningRules).where(eq(earningRules.id, id)).for('update');
  return row;
}

/**
 * The last day of an ended rule: today, or its own end if that comes first;
 * a rule that has not started yet ends the day before its start, so it never
 * applies. From the next day on, segments no longer earn under it.
 */
export function endDayOf(rule: { fromDate: string; toDate: string | null }, today: string): string {
  const last = rule.toDate !== null && rule.toDate < today ? rule.toDate : today;
  return last < rule.fromDate ? dayBefore(rule.fromDate) : last;
}

function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

export async function endRule(
  tx: Transaction,
  row: RuleRow,
  endedBy: string,
  at: Date,
  today: string,
): Promise<EarningRule> {
  const [ended] = await tx
    .update(earningRules)
    .set({ toDate: endDayOf(row, today), endedAt: at, endedBy })
    .where(and(eq(earningRules.id, row.id)))
    .returning();
  return ruleOf(ended!);
}
