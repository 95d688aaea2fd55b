import { sql } from 'drizzle-orm';
import type { SegmentKind } from '@club/contract/points';
import {
  lapseForecastMonths,
  type EarnedSource,
  officeReportStates,
  type LapseForecast,
  type MembersByMonth,
  type Outstanding,
  type RedemptionsByGift,
  type PointsByMonth,
  type StateCounts,
} from '@club/contract/staff-reports';
import { orderStates } from '@club/contract/gift-rules';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { AgentStatus } from '../agents/schema.js';
import { addMonths, monthOf } from '../points/calendar-days.js';
import type { LedgerEntryKind } from '../points/schema.js';
import type { SegmentPoints } from '../points/segment-points.js';

/**
 * The reports' queries. Each takes the countries it covers (never empty: the
 * routes resolve the staff member's scope first) and reads only summaries or
 * indexed counts, so that each answers within a second at a million members
 * and ten million ledger entries (docs/staff-console.md#reports).
 */

/** Member states in the order the report lists them (spec 1 §4 "Account"). */
export const memberReportStates = [
  'pending',
  'active',
  'deletion_requested',
  'deleted',
] as const satisfies readonly AgentStatus[];

type Scope = { countries: readonly string[]; country: string | null; filter: readonly string[] };

const countryIn = (filter: readonly string[]) =>
  sql`array[${sql.join(
    filter.map((code) => sql`${code}::text`),
    sql`, `,
  )}]`;

/** `months` calendar months ending with today's, oldest first, as `YYYY-MM`. */
export function monthRange(today: string, months: number): string[] {
  return Array.from({ length: months }, (_, index) =>
    monthOf(addMonths(today, index - months + 1)),
  );
}

/**
 * Earned, spent and expired points per month, earned also by source, from
 * `point_month_totals` (its primary key). Rows written before sources were
 * kept have none; migration 0036 gave every row its source.
 */
export async function pointsByMonth(
  db: Database,
  scope: Scope,
  today: string,
  months: number,
): Promise<PointsByMonth> {
  const range = monthRange(today, months);
  const rows = rowsOf<{
    month: string;
    kind: LedgerEntryKind;
    source: EarnedSource | '';
    points: string | number;
  }>(
    await db.execute(sql`
      select to_char(month, 'YYYY-MM') as month, kind, source, sum(points) as points
      from point_month_totals
      where country_code = any(${countryIn(scope.filter)})
        and month >= ${`${range[0]}-01`}::date and month <= ${`${range.at(-1)}-01`}::date
      group by 1, 2, 3`),
  );
  const byMonth = new Map(
    range.map((month) => [
      month,
      {
        month,
        earned: 0,
        fromBookings: 0,
        fromCampaigns: 0,
        fromClaims: 0,
        fromStaff: 0,
        spent: 0,
        expired: 0,
      },
    ]),
  );
  for (const row of rows) {
    const figures = byMonth.get(row.month);
    if (figures === undefined) continue;
    const points = Number(row.points);
    // Reversals take a cancelled segment's credit back (less earned); refunds give an order's points back (less spent).
    if (row.kind === 'segment' || row.kind === 'additional' || row.kind === 'reversal') {
      figures.earned += points;
      figures[earnedColumn[row.source === '' ? fallbackSource[row.kind] : row.source]] += points;
    } else if (row.kind === 'order' || row.kind === 'refund') figures.spent -= points;
    else figures.expired -= points;
  }
  return {
    country: scope.country,
    countries: [...scope.countries],
    currentMonth: monthOf(today),
    months: [...byMonth.values()],
  };
}

/** The report's field of each source of earned points. */
const earnedColumn = {
  booking: 'fromBookings',
  campaign: 'fromCampaigns',
  claim: 'fromClaims',
  staff: 'fromStaff',
} as const satisfies Record<EarnedSource, string>;

/** A row without a source (none should be left after migration 0036) counts by its kind. */
const fallbackSource = {
  segment: 'booking',
  reversal: 'booking',
  additional: 'staff',
} as const;

/**
 * Points of open lots by the month they lapse, from `point_lapse_totals`
 * (its primary key): this month and the next eleven. Lots already due and
 * not yet lapsed by the points clock count in this month.
 */
export async function lapseForecast(
  db: Database,
  scope: Scope,
  today: string,
): Promise<LapseForecast> {
  const first = addMonths(today, 0);
  const end = addMonths(today, lapseForecastMonths);
  const rows = rowsOf<{ month: string; points: string | number }>(
    await db.execute(sql`
      select to_char(greatest(month, ${first}::date), 'YYYY-MM') as month, sum(points) as points
      from point_lapse_totals
      where country_code = any(${countryIn(scope.filter)}) and month < ${end}::date
      group by 1`),
  );
  const byMonth = new Map<string, { month: string; points: number }>(
    Array.from({ length: lapseForecastMonths }, (_, index) => {
      const month = monthOf(addMonths(today, index));
      return [month, { month, points: 0 }];
    }),
  );
  for (const row of rows) {
    const figures = byMonth.get(row.month);
    if (figures !== undefined) figures.points += Number(row.points);
  }
  return {
    country: scope.country,
    countries: [...scope.countries],
    currentMonth: monthOf(today),
    months: [...byMonth.values()],
  };
}

/**
 * Available points per country (the sum of every entry: `point_month_totals`
 * over all months) and the points pending segments will earn (the pending
 * segments' partial index, `booking_segments_pending_idx`, priced by the
 * country's segment points).
 */
export async function outstanding(
  db: Database,
  scope: Scope,
  segmentPoints: SegmentPoints,
): Promise<Outstanding> {
  const available = rowsOf<{ countryCode: string; points: string | number }>(
    await db.execute(sql`
      select country_code as "countryCode", sum(points) as points
      from point_month_totals
      where country_code = any(${countryIn(scope.filter)})
      group by 1`),
  );
  const pending = rowsOf<{ countryCode: string; kind: SegmentKind; segments: string | number }>(
    await db.execute(sql`
      select a.country_code as "countryCode", s.kind, count(*) as segments
      from booking_segments s
      join bookings b on b.id = s.booking_id
      join agents a on a.id = b.agent_id
      where s.status = 'PD' and b.state = 'accepted'
        and a.country_code = any(${countryIn(scope.filter)})
      group by 1, 2`),
  );
  const items = new Map(
    scope.filter.map((countryCode) => [countryCode, { countryCode, available: 0, pending: 0 }]),
  );
  for (const row of available) {
    const item = items.get(row.countryCode);
    if (item !== undefined) item.available += Number(row.points);
  }
  for (const row of pending) {
    const item = items.get(row.countryCode);
    if (item !== undefined)
      item.pending += Number(row.segments) * segmentPoints(row.countryCode, row.kind);
  }
  return { country: scope.country, countries: [...scope.countries], items: [...items.values()] };
}

async function stateCounts(
  db: Database,
  scope: Scope,
  states: readonly string[],
  query: ReturnType<typeof sql>,
): Promise<StateCounts> {
  const rows = rowsOf<{ state: string; count: string | number }>(await db.execute(query));
  const counts = new Map(states.map((state) => [state, 0]));
  for (const row of rows) counts.set(row.state, (counts.get(row.state) ?? 0) + Number(row.count));
  return {
    country: scope.country,
    countries: [...scope.countries],
    items: [...counts].map(([state, count]) => ({ state, count })),
  };
}

/**
 * Members per account state, from `member_state_totals` (its primary key),
 * which triggers on `agents` keep. A purged member's tombstone is no account
 * (docs/decisions/037): it leaves the deleted ones and counts in none.
 */
export function membersByState(db: Database, scope: Scope): Promise<StateCounts> {
  return stateCounts(
    db,
    scope,
    memberReportStates,
    sql`select status as state, sum(members) as count from member_state_totals
        where country_code = any(${countryIn(scope.filter)}) and status <> 'purged' group by 1`,
  );
}

/** Offices taking part, opted out, and direct-sales offices (`offices_country_idx`). */
export function officesByState(db: Database, scope: Scope): Promise<StateCounts> {
  return stateCounts(
    db,
    scope,
    officeReportStates,
    sql`select case when is_amadeus_direct_office then 'direct' when active then 'active' else 'inactive' end as state,
          count(*) as count
        from offices where country_code = any(${countryIn(scope.filter)}) group by 1`,
  );
}

/** Gift orders per state (`gift_orders_country_state_created_idx`, an index-only count). */
export function ordersByState(db: Database, scope: Scope): Promise<StateCounts> {
  return stateCounts(
    db,
    scope,
    orderStates,
    sql`select state, count(*) as count from gift_orders
        where country_code = any(${countryIn(scope.filter)}) group by 1`,
  );
}

/**
 * Enrolments (accounts registered in the month, `agents_country_created_idx`)
 * and active members (`member_active_months`, its primary key) per month.
 */
export async function membersByMonth(
  db: Database,
  scope: Scope,
  today: string,
  months: number,
): Promise<MembersByMonth> {
  const range = monthRange(today, months);
  const first = `${range[0]}-01`;
  const enrolled = rowsOf<{ month: string; members: string | number }>(
    await db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as members
      from agents
      where country_code = any(${countryIn(scope.filter)})
        and created_at >= ${first}::timestamptz
      group by 1`),
  );
  const active = rowsOf<{ month: string; members: string | number }>(
    await db.execute(sql`
      select to_char(month, 'YYYY-MM') as month, count(*) as members
      from member_active_months
      where country_code = any(${countryIn(scope.filter)})
        and month >= ${first}::date and month <= ${`${range.at(-1)}-01`}::date
      group by 1`),
  );
  const byMonth = new Map(range.map((month) => [month, { month, enrolments: 0, active: 0 }]));
  for (const row of enrolled) {
    const figures = byMonth.get(row.month);
    if (figures !== undefined) figures.enrolments += Number(row.members);
  }
  for (const row of active) {
    const figures = byMonth.get(row.month);
    if (figures !== undefined) figures.active += Number(row.members);
  }
  return {
    country: scope.country,
    countries: [...scope.countries],
    currentMonth: monthOf(today),
    months: [...byMonth.values()],
  };
}

/**
 * Gifts redeemed in the months covered, the most points first: the orders
 * placed since the first day of the range (`gift_orders_country_created_idx`)
 * and their lines, refunded orders left out; a gift named in English when
 * its text has it, else by the name it was ordered by.
 */
export async function redemptionsByGift(
  db: Database,
  scope: Scope,
  today: string,
  months: number,
): Promise<RedemptionsByGift> {
  const from = monthRange(today, months)[0]!;
  const rows = rowsOf<{
    giftId: number;
    name: string;
    orders: string | number;
    quantity: string | number;
    points: string | number;
  }>(
    await db.execute(sql`
      select r.gift_id as "giftId",
        coalesce(t.description, r.ordered_as) as name, r.orders, r.quantity, r.points
      from (
        select l.gift_id, min(l.description) as ordered_as, count(*) as orders,
          sum(l.quantity) as quantity, sum(l.quantity * l.points) as points
        from gift_orders o join gift_order_lines l on l.order_id = o.id
        where o.country_code = any(${countryIn(scope.filter)})
          and o.created_at >= ${`${from}-01`}::timestamptz and o.state <> 'failed'
        group by 1
      ) r
      left join gift_texts t on t.gift_id = r.gift_id and t.language_code = 'eng'
      order by r.points desc, r.gift_id`),
  );
  return {
    country: scope.country,
    countries: [...scope.countries],
    from,
    items: rows.map((row) => ({
      giftId: Number(row.giftId),
      name: row.name,
      orders: Number(row.orders),
      quantity: Number(row.quantity),
      points: Number(row.points),
    })),
  };
}

export type { Scope as ReportScope };
