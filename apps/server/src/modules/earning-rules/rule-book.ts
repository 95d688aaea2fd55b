import { and, eq, isNull, sql } from 'drizzle-orm';
import { FIRST_CALENDAR_DATE } from '@club/contract/calendar-date';
import {
  earnSegment,
  type Earned,
  type RuleTerms,
  type SegmentDates,
} from '@club/contract/earning-rules';
import {
  defaultSegmentPoints,
  segmentKinds,
  type SegmentKind,
  type SegmentPointsByCountry,
} from '@club/contract/earning';
import type { Database, Transaction } from '../../db/client.js';
import { idArray } from '../../db/columns.js';
import { earningRules } from './schema.js';

/**
 * The earning rules as the import, the points clock, the claims and the
 * pages apply them: every rule of every country, read once per transaction
 * (a batch of the import reads them once, not per segment), then evaluated
 * in memory with the contract's `earnSegment`.
 */
export type RuleBook = {
  /** What a segment of this country earns at these dates, and the rules that gave it. */
  earn(countryCode: string, kind: SegmentKind, dates: SegmentDates): Earned;
  /** A rule by id, for naming it beside a segment. */
  rule(id: number): StoredRule | undefined;
};

export type StoredRule = RuleTerms & { country: string; memberNames: Record<string, string> };

type RuleRow = typeof earningRules.$inferSelect;

export const termsOf = (row: RuleRow): StoredRule => ({
  id: row.id,
  country: row.countryCode,
  kind: row.kind,
  name: row.name,
  memberNames: row.memberNames,
  segmentTypes: row.segmentTypes,
  points: row.points,
  multiplier: row.multiplierTenths === null ? null : row.multiplierTenths / 10,
  from: row.fromDate,
  to: row.toDate,
  basis: row.basis,
});

export function ruleBookOf(rows: readonly RuleRow[]): RuleBook {
  const byCountry = new Map<string, StoredRule[]>();
  const byId = new Map<number, StoredRule>();
  for (const row of rows) {
    const terms = termsOf(row);
    byId.set(row.id, terms);
    const list = byCountry.get(row.countryCode) ?? [];
    list.push(terms);
    byCountry.set(row.countryCode, list);
  }
  return {
    earn: (countryCode, kind, dates) => earnSegment(byCountry.get(countryCode) ?? [], kind, dates),
    rule: (id) => byId.get(id),
  };
}

/**
 * Reads the rule book in the caller's transaction. `lock` (the import and
 * the points clock) takes a share lock on the rules: a rule ended meanwhile
 * waits for the transaction, so a batch credits under the rules it read and
 * the end applies from the next batch on (docs/decisions/039).
 */
export async function readRuleBook(
  tx: Transaction | Database,
  options: { lock?: boolean } = {},
): Promise<RuleBook> {
  const query = tx.select().from(earningRules);
  return ruleBookOf(options.lock === true ? await query.for('share') : await query);
}

/** The rules gave points: they are marked earned (never deleted; a no-op once marked). */
export async function markRulesEarned(
  tx: Transaction,
  ids: Iterable<number>,
  at: Date,
): Promise<void> {
  const list = [...new Set(ids)];
  if (list.length === 0) return;
  await tx
    .update(earningRules)
    .set({ earnedAt: at })
    .where(and(sql`${earningRules.id} = any(${idArray(list)})`, isNull(earningRules.earnedAt)));
}

/**
 * First start: every country (of `countryCodes`, the content's) without a
 * base rule gets one per segment kind, from SEGMENT_POINTS_BY_COUNTRY (else
 * the spec's table). After that the setting is not read: staff change the
 * base rules in the console. Under an advisory lock, so two processes
 * starting at once seed once.
 */
export async function seedBaseRules(
  db: Database,
  byCountry: SegmentPointsByCountry,
  countryCodes: readonly string[],
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const seeded = await tx
      .selectDistinct({ code: earningRules.countryCode })
      .from(earningRules)
      .where(eq(earningRules.kind, 'base'));
    const have = new Set(seeded.map((row) => row.code));
    // In code order: the demo's rule numbers are the same on every first start.
    const rows = [...new Set(countryCodes)]
      .sort()
      .filter((code) => !have.has(code))
      .map((code) => ({ code }));
    const values = rows.flatMap(({ code }) =>
      segmentKinds.map((kind) => ({
        countryCode: code,
        kind: 'base' as const,
        name: `Base ${kind}`,
        segmentTypes: [kind],
        points: byCountry[code]?.[kind] ?? defaultSegmentPoints[kind],
        fromDate: FIRST_CALENDAR_DATE,
        createdBy: 'system (SEGMENT_POINTS_BY_COUNTRY)',
      })),
    );
    if (values.length > 0) await tx.insert(earningRules).values(values);
    return rows.length;
  });
}

/** Distinct from the bookings, migration, content and offices locks. */
const SEED_LOCK_KEY = 4_242_033;
