import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { readColumns, type ColumnRead } from '../../../db/columns.js';
import { giftOrdering, memberTaxInfo } from '../schema.js';

export type DateRange = { from: string | null; to: string | null };

export type OrderingRules = {
  orderDisabled: boolean;
  ranges: DateRange[];
  /** The reopening day content gives, or null. */
  reopensOn: string | null;
};

/**
 * A country's ordering rules (a country without a row is open every day), as
 * one prepared statement: the status report of every member home reads them,
 * and building the query costs more than running it.
 */
export function orderingRulesReader(db: Database): (countryCode: string) => Promise<OrderingRules> {
  const statement = db
    .select()
    .from(giftOrdering)
    .where(eq(giftOrdering.countryCode, sql.placeholder('countryCode')))
    .prepare('ordering_rules_by_country');
  return async (countryCode) => rulesOf((await statement.execute({ countryCode }))[0]);
}

/** The columns of a country's ordering row that make its rules. */
type RulesRow = Pick<
  typeof giftOrdering.$inferSelect,
  | 'orderDisabled'
  | 'from1'
  | 'to1'
  | 'from2'
  | 'to2'
  | 'from3'
  | 'to3'
  | 'from4'
  | 'to4'
  | 'reopensOn'
>;

/**
 * The rules' row as one json object, as plain text: every gift order and the
 * gate read it, and drizzle walks a statement's every column on each call
 * (decision 038). The names are gift_ordering's (schema.ts).
 */
const rulesOfCountry = sql.raw(`(select json_build_object(
    'orderDisabled', gift_ordering.order_disabled, 'reopensOn', gift_ordering.reopens_on,
    'from1', gift_ordering.from1, 'to1', gift_ordering.to1,
    'from2', gift_ordering.from2, 'to2', gift_ordering.to2,
    'from3', gift_ordering.from3, 'to3', gift_ordering.to3,
    'from4', gift_ordering.from4, 'to4', gift_ordering.to4)
    from gift_ordering where gift_ordering.country_code = `);

/**
 * The ordering rules of the country in `countryCode` as one column of another
 * statement (null: the country has no row), for `orderingWindowOfColumn`: the
 * status report reads them with the signed-in member, in the session's statement.
 */
export function orderingRulesColumn(countryCode: SQLWrapper): SQL<RulesRow | null> {
  return sql<RulesRow | null>`${rulesOfCountry}${countryCode})`;
}

/** The ordering window of the rules read by `orderingRulesColumn`, on a day. */
export function orderingWindowOfColumn(
  value: unknown,
  today: string,
): { closed: boolean; reopensOn: string | null } {
  return orderingWindow(rulesOf((value as RulesRow | null) ?? undefined), today);
}

function rulesOf(row: RulesRow | undefined): OrderingRules {
  if (row === undefined) return { orderDisabled: false, ranges: [], reopensOn: null };
  const ranges = [
    { from: row.from1, to: row.to1 },
    { from: row.from2, to: row.to2 },
    { from: row.from3, to: row.to3 },
    { from: row.from4, to: row.to4 },
  ].filter((range) => range.from !== null || range.to !== null);
  return { orderDisabled: row.orderDisabled, ranges, reopensOn: row.reopensOn };
}

/**
 * The country's ordering window for the member home: closed while its switch
 * is on or today is outside every range (tax information is the member's
 * own matter, explained on the gift list). It reopens on the day content
 * says, else, outside the dates, on the next range's first day; null when
 * nobody knows.
 */
export function orderingWindow(
  rules: OrderingRules,
  today: string,
): { closed: boolean; reopensOn: string | null } {
  const closed = rules.orderDisabled || !inOrderingDates(rules.ranges, today);
  if (!closed) return { closed, reopensOn: null };
  if (rules.reopensOn !== null && rules.reopensOn > today) {
    return { closed, reopensOn: rules.reopensOn };
  }
  if (rules.orderDisabled) return { closed, reopensOn: null };
  const next = rules.ranges
    .map((range) => range.from)
    .filter((from): from is string => from !== null && from > today)
    .sort()[0];
  return { closed, reopensOn: next ?? null };
}

/** Whether `today` (YYYY-MM-DD) lies in one of the ranges; no ranges means every day. A missing end is open. */
export function inOrderingDates(ranges: DateRange[], today: string): boolean {
  if (ranges.length === 0) return true;
  return ranges.some(
    (range) =>
      (range.from === null || range.from <= today) && (range.to === null || today <= range.to),
  );
}

/** Programme staff record whether a member's tax information is verified. */
export async function setTaxOk(
  db: Database,
  agentId: number,
  ok: boolean,
  at: Date = new Date(),
): Promise<void> {
  await db
    .insert(memberTaxInfo)
    .values({ agentId, taxOk: ok, verifiedAt: ok ? at : null })
    .onConflictDoUpdate({
      target: memberTaxInfo.agentId,
      set: { taxOk: sql`excluded.tax_ok`, verifiedAt: sql`excluded.verified_at` },
    });
}

export type OrderingState = { taxOK: boolean; orderDisabled: boolean };

/**
 * Spec 2 §4 "Ordering disabled": the country's switch is on, the member's tax
 * information is not verified, or today is outside every ordering date range.
 */
export async function orderingState(
  db: Database,
  member: { id: number; countryCode: string },
  today: string,
): Promise<OrderingState> {
  return (await readColumns(db, { state: orderingStateColumn(member, today) })).state;
}

/**
 * `orderingState` as a column of another statement (the country's rules and
 * the member's tax flag): a gift order reads it with its other reads.
 */
export function orderingStateColumn(
  member: { id: number; countryCode: string },
  today: string,
): ColumnRead<OrderingState> {
  return {
    sql: sql`select json_build_object(
      'rules', ${orderingRulesColumn(sql`${member.countryCode}`)},
      'taxOk', (select tax_ok from member_tax_info where agent_id = ${member.id}))`,
    decode: (value) => {
      const read = value as { rules: RulesRow | null; taxOk: boolean | null };
      const rules = rulesOf(read.rules ?? undefined);
      const tax = read.taxOk === true;
      return {
        taxOK: tax,
        orderDisabled: rules.orderDisabled || !tax || !inOrderingDates(rules.ranges, today),
      };
    },
  };
}
