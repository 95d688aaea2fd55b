import {
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  FAILED_ORDERS_DAYS,
  LOW_STOCK_AT_MOST,
  OVERVIEW_COUNT_CAP,
  TAX_TO_CHECK_LISTED,
  type Overview,
} from '@club/contract/staff-overview';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { agents } from '../agents/schema.js';
import { giftOrders, gifts, memberTaxDetails } from '../gifts/schema.js';
import { bookingImports } from '../points/schema.js';

/**
 * What is counted: the countries (null: every country, for an admin who chose
 * none), whether the staff member is an admin (who alone sees imports that
 * span every country), and the time of the call.
 */
export type OverviewScope = { filter: string[] | null; admin: boolean; now: Date };

/** The counts of one kind of work: each counter answers its own fields of the overview. */
type Counter<Fields extends keyof Overview> = (
  db: Database,
  scope: OverviewScope,
) => Promise<Pick<Overview, Fields>>;

const DAY_MS = 86_400_000;

const inCountries = (column: AnyPgColumn, filter: string[] | null) =>
  filter === null ? undefined : inArray(column, filter.length > 0 ? filter : ['']);

/** A count of the orders that match, read from an index and stopped past the cap. */
const cappedCount = (where: SQL | undefined) =>
  sql`(select count(*)::int from (select 1 from ${giftOrders} where ${where ?? sql`true`} limit ${OVERVIEW_COUNT_CAP + 1}) as matching)`;

/**
 * Orders waiting for fulfilment (`submitted`) and orders failed in the last
 * days (refunded), in one statement: each count reads the (country, state,
 * created) or (state, created) index of gift_orders and stops past the cap.
 */
export const orderCounter: Counter<
  'ordersWaiting' | 'ordersFailed' | 'failedSince' | 'countsCapped'
> = async (db, { filter, now }) => {
  const country = inCountries(giftOrders.countryCode, filter);
  const failedSince = new Date(now.getTime() - (FAILED_ORDERS_DAYS - 1) * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const counted = await db.execute(
    sql`select ${cappedCount(and(country, eq(giftOrders.state, 'submitted')))} as waiting, ${cappedCount(
      and(
        country,
        eq(giftOrders.state, 'failed'),
        gte(giftOrders.createdAt, new Date(`${failedSince}T00:00:00Z`)),
      ),
    )} as failed`,
  );
  const row = rowsOf<{ waiting: number; failed: number }>(counted)[0];
  const waiting = Number(row?.waiting ?? 0);
  const failed = Number(row?.failed ?? 0);
  return {
    ordersWaiting: Math.min(waiting, OVERVIEW_COUNT_CAP),
    ordersFailed: Math.min(failed, OVERVIEW_COUNT_CAP),
    failedSince,
    countsCapped: waiting > OVERVIEW_COUNT_CAP || failed > OVERVIEW_COUNT_CAP,
  };
};

/**
 * Tax details waiting for a decision, counted from the partial index of the
 * `sent` ones by country (migration 0032) without reading a member, and the
 * oldest few with their members.
 */
export const taxCounter: Counter<'taxToCheck' | 'taxToCheckOldest'> = async (db, { filter }) => {
  const waiting = and(
    eq(memberTaxDetails.state, 'sent'),
    inCountries(memberTaxDetails.countryCode, filter),
  );
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(memberTaxDetails)
    .where(waiting);
  // The oldest few first, then their members: a few primary-key reads, not one per waiting member.
  const first = db
    .select({
      agentId: memberTaxDetails.agentId,
      countryCode: memberTaxDetails.countryCode,
      sentAt: memberTaxDetails.sentAt,
    })
    .from(memberTaxDetails)
    .where(waiting)
    .orderBy(asc(memberTaxDetails.sentAt), asc(memberTaxDetails.agentId))
    .limit(TAX_TO_CHECK_LISTED)
    .as('oldest');
  const oldest = await db
    .select({
      number: agents.number,
      firstName: agents.firstName,
      lastName: agents.lastName,
      countryCode: first.countryCode,
      sentAt: first.sentAt,
    })
    .from(first)
    .innerJoin(agents, eq(agents.id, first.agentId))
    .orderBy(asc(first.sentAt), asc(first.agentId));
  return {
    taxToCheck: Number(counted?.total ?? 0),
    taxToCheckOldest: oldest.map((row) => ({
      number: row.number ?? '',
      firstName: row.firstName,
      lastName: row.lastName,
      countryCode: row.countryCode,
      sentAt: row.sentAt.toISOString(),
    })),
  };
};

/**
 * The latest booking import the staff member may see (as the import history
 * shows them): an admin's, the command's and the queue's span every country,
 * so only admins see those; a manager the uploads that kept to their countries.
 */
export const importCounter: Counter<'lastImport' | 'rejectedLinesLastImport'> = async (
  db,
  { filter, admin },
) => {
  const visible =
    filter === null
      ? undefined
      : admin
        ? or(isNull(bookingImports.countries), arrayOverlaps(bookingImports.countries, filter))
        : arrayOverlaps(bookingImports.countries, filter);
  const [latest] = await db
    .select({
      id: bookingImports.id,
      startedAt: bookingImports.startedAt,
      fileName: bookingImports.fileName,
      rejectedCount: bookingImports.rejectedCount,
    })
    .from(bookingImports)
    .where(visible)
    .orderBy(desc(bookingImports.startedAt), desc(bookingImports.id))
    .limit(1);
  return {
    lastImport:
      latest === undefined ? null : { ...latest, startedAt: latest.startedAt.toISOString() },
    rejectedLinesLastImport: latest?.rejectedCount ?? 0,
  };
};

/** Active gifts whose counted stock is low (a country's catalogue: `gifts_country_idx`). */
export const stockCounter: Counter<'lowStockGifts'> = async (db, { filter }) => {
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(gifts)
    .where(
      and(
        inCountries(gifts.countryCode, filter),
        eq(gifts.active, true),
        isNotNull(gifts.stock),
        lte(gifts.stock, LOW_STOCK_AT_MOST),
      ),
    );
  return { lowStockGifts: Number(counted?.total ?? 0) };
};
