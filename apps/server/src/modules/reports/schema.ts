import { bigint, date, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import type { EarnedSource } from '@club/contract/staff-reports';
import { SUMMARY_SHARDS, type LedgerEntryKind } from '../points/schema.js';

export { SUMMARY_SHARDS };

/**
 * The ledger summed per member country, calendar month of the entry, kind
 * and source of earned points (bookings at the base rule, campaigns, claims,
 * staff; empty for spending and lapses: migration 0036). The ledger (points/ledger.ts, the only writer of `point_entries`)
 * adds each entry here in the transaction that writes it, so the reports
 * never scan ten million entries. The sum over all months is the country's
 * available points.
 */
export const pointMonthTotals = pgTable(
  'point_month_totals',
  {
    countryCode: varchar({ length: 2 }).notNull(),
    /** The first day of the month. */
    month: date({ mode: 'string' }).notNull(),
    kind: text().$type<LedgerEntryKind>().notNull(),
    source: text().$type<EarnedSource | ''>().notNull().default(''),
    shard: integer().notNull(),
    points: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.month, t.kind, t.source, t.shard] })],
);

/**
 * The members who earned or redeemed points in a month (a segment, claim or
 * staff credit, or a gift order), one row each, by their country: the
 * members-by-month report counts a month's rows (its primary key) instead of
 * reading the ledger. The ledger adds them in the transaction of the entry
 * (point-summaries.ts); migration 0036 filled them from the entries before.
 */
export const memberActiveMonths = pgTable(
  'member_active_months',
  {
    countryCode: varchar({ length: 2 }).notNull(),
    /** The first day of the month. */
    month: date({ mode: 'string' }).notNull(),
    agentId: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.month, t.agentId] })],
);

/**
 * The credit lots' remaining points per member country and the month they
 * lapse, kept by the ledger from the same allocations that change the lots:
 * the lapse forecast without reading every lot.
 */
export const pointLapseTotals = pgTable(
  'point_lapse_totals',
  {
    countryCode: varchar({ length: 2 }).notNull(),
    /** The first day of the month the points lapse in. */
    month: date({ mode: 'string' }).notNull(),
    shard: integer().notNull(),
    points: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.month, t.shard] })],
);

/**
 * Members per country and account state, kept by triggers on `agents`
 * (migration 0016): a member's state changes in many places (registration,
 * confirmation, deletion, restore, purge), and a trigger sees every one. The
 * members-by-state report reads this instead of counting a million rows.
 */
export const memberStateTotals = pgTable(
  'member_state_totals',
  {
    countryCode: varchar({ length: 2 }).notNull(),
    status: text().notNull(),
    shard: integer().notNull(),
    members: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.status, t.shard] })],
);
