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
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ALERTS_ENDING_SOON_DAYS,
  FAILED_ORDERS_DAYS,
  LOW_STOCK_AT_MOST,
  OVERVIEW_COUNT_CAP,
  TAX_TO_CHECK_LISTED,
  type Overview,
} from '@club/contract/staff-overview';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { giftOrders, gifts, memberTaxDetails } from '../gifts/schema.js';
import { bookingImports } from '../points/schema.js';
import { missingPointsClaims } from '../claims/schema.js';
import { headerAlerts } from '../content/schema.js';

/**
 * What is counted: the countries (null: every country, for an admin who chose
 * none), whether the staff member is an admin (who alone sees imports that
 * span every country), and the time of the call.
 */
export type OverviewScope = { filter: string[] | null; admin: boolean; now: Date };

/**
 * One kind of work: the columns it adds to the Overview's one statement (each
 * a subquery on its own index), and how it reads them back into its fields.
 * A new kind (open claims) is one more counter.
 */
export type Counter<Fields extends keyof Overview> = {
  columns: (db: Database, scope: OverviewScope) => Record<string, SQL>;
  read: (row: Record<string, unknown>, scope: OverviewScope) => Pick<Overview, Fields>;
};

const DAY_MS = 86_400_000;

const inCountries = (column: AnyPgColumn, filter: string[] | null) =>
  filter === null ? undefined : inArray(column, filter.length > 0 ? filter : ['']);

/** A count of the orders that match, read from an index and stopped past the cap. */
const cappedCount = (where: SQL | undefined) =>
  sql`(select count(*)::int from (select 1 from ${giftOrders} where ${where ?? sql`true`} limit ${OVERVIEW_COUNT_CAP + 1}) as matching)`;

/** The first day failed orders count: today and the days before, `FAILED_ORDERS_DAYS` in all. */
const failedSinceOf = (now: Date) =>
  new Date(now.getTime() - (FAILED_ORDERS_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);

/** A moment as JSON gives it (`…+00:00`), as the contract's ISO text. */
const isoOf = (value: unknown) => new Date(String(value)).toISOString();

/**
 * Orders waiting for fulfilment (`submitted`) and orders failed in the last
 * days (refunded): each count reads the (country, state, created) or (state,
 * created) index of gift_orders and stops past the cap.
 */
export const orderCounter: Counter<
  'ordersWaiting' | 'ordersFailed' | 'failedSince' | 'countsCapped'
> = {
  columns: (_db, { filter, now }) => {
    const country = inCountries(giftOrders.countryCode, filter);
    const since = new Date(`${failedSinceOf(now)}T00:00:00Z`);
    return {
      orders_waiting: cappedCount(and(country, eq(giftOrders.state, 'submitted'))),
      orders_failed: cappedCount(
        and(country, eq(giftOrders.state, 'failed'), gte(giftOrders.createdAt, since)),
      ),
    };
  },
  read: (row, { now }) => {
    const waiting = Number(row.orders_waiting ?? 0);
    const failed = Number(row.orders_failed ?? 0);
    return {
      ordersWaiting: Math.min(waiting, OVERVIEW_COUNT_CAP),
      ordersFailed: Math.min(failed, OVERVIEW_COUNT_CAP),
      failedSince: failedSinceOf(now),
      countsCapped: waiting > OVERVIEW_COUNT_CAP || failed > OVERVIEW_COUNT_CAP,
    };
  },
};

/**
 * Tax details waiting for a decision, counted from the partial index of the
 * `sent` ones by country (migration 0032) without reading a member, and the
 * oldest few joined to their members (a few primary-key reads).
 */
export const taxCounter: Counter<'taxToCheck' | 'taxToCheckOldest'> = {
  columns: (db, { filter }) => {
    const waiting = and(
      eq(memberTaxDetails.state, 'sent'),
      inCountries(memberTaxDetails.countryCode, filter),
    );
    const oldest = db
      .select({
        agent_id: memberTaxDetails.agentId,
        country_code: memberTaxDetails.countryCode,
        sent_at: memberTaxDetails.sentAt,
      })
      .from(memberTaxDetails)
      .where(waiting)
      .orderBy(asc(memberTaxDetails.sentAt), asc(memberTaxDetails.agentId))
      .limit(TAX_TO_CHECK_LISTED);
    return {
      tax_to_check: sql`(select count(*)::int from ${memberTaxDetails} where ${waiting})`,
      tax_oldest: sql`(select coalesce(json_agg(json_build_object('number', a.number, 'firstName', a.first_name, 'lastName', a.last_name, 'countryCode', o.country_code, 'sentAt', o.sent_at) order by o.sent_at, o.agent_id), '[]'::json) from (${oldest}) as o join agents as a on a.id = o.agent_id)`,
    };
  },
  read: (row) => {
    const oldest = (row.tax_oldest ?? []) as {
      number: string | null;
      firstName: string;
      lastName: string;
      countryCode: string;
      sentAt: string;
    }[];
    return {
      taxToCheck: Number(row.tax_to_check ?? 0),
      taxToCheckOldest: oldest.map((member) => ({
        ...member,
        number: member.number ?? '',
        sentAt: isoOf(member.sentAt),
      })),
    };
  },
};

/**
 * The latest booking import the staff member may see (as the import history
 * shows them): an admin's, the command's and the queue's span every country,
 * so only admins see those; a manager the uploads that kept to their countries.
 */
export const importCounter: Counter<'lastImport' | 'rejectedLinesLastImport'> = {
  columns: (db, { filter, admin }) => {
    const visible =
      filter === null
        ? undefined
        : admin
          ? or(isNull(bookingImports.countries), arrayOverlaps(bookingImports.countries, filter))
          : arrayOverlaps(bookingImports.countries, filter);
    const latest = db
      .select({
        id: bookingImports.id,
        started_at: bookingImports.startedAt,
        file_name: bookingImports.fileName,
        rejected_count: bookingImports.rejectedCount,
      })
      .from(bookingImports)
      .where(visible)
      .orderBy(desc(bookingImports.startedAt), desc(bookingImports.id))
      .limit(1);
    return {
      last_import: sql`(select json_build_object('id', i.id, 'startedAt', i.started_at, 'fileName', i.file_name, 'rejectedCount', i.rejected_count) from (${latest}) as i)`,
    };
  },
  read: (row) => {
    const latest = row.last_import as {
      id: number;
      startedAt: string;
      fileName: string;
      rejectedCount: number;
    } | null;
    return {
      lastImport: latest === null ? null : { ...latest, startedAt: isoOf(latest.startedAt) },
      rejectedLinesLastImport: latest?.rejectedCount ?? 0,
    };
  },
};

/** Active gifts whose counted stock is low (a country's catalogue: `gifts_country_idx`). */
export const stockCounter: Counter<'lowStockGifts'> = {
  columns: (_db, { filter }) => ({
    low_stock_gifts: sql`(select count(*)::int from ${gifts} where ${and(
      inCountries(gifts.countryCode, filter),
      eq(gifts.active, true),
      isNotNull(gifts.stock),
      lte(gifts.stock, LOW_STOCK_AT_MOST),
    )})`,
  }),
  read: (row) => ({ lowStockGifts: Number(row.low_stock_gifts ?? 0) }),
};

/**
 * Missing-points claims waiting for a decision, and when the oldest was filed:
 * both from the (state, filed) or (country, state, filed) index of the queue.
 */
export const claimCounter: Counter<'openClaims' | 'oldestOpenClaimAt'> = {
  columns: (_db, { filter }) => {
    const open = and(
      eq(missingPointsClaims.state, 'open'),
      inCountries(missingPointsClaims.countryCode, filter),
    );
    return {
      open_claims: sql`(select count(*)::int from ${missingPointsClaims} where ${open})`,
      oldest_open_claim_at: sql`(select min(${missingPointsClaims.filedAt}) from ${missingPointsClaims} where ${open})`,
    };
  },
  read: (row) => ({
    openClaims: Number(row.open_claims ?? 0),
    oldestOpenClaimAt: row.oldest_open_claim_at == null ? null : isoOf(row.oldest_open_claim_at),
  }),
};

/**
 * Service alerts whose end comes within the next days, each alert once
 * (a country's alert has a row per language, all with the same window), and
 * the one that ends first. The alerts of a club are a few rows.
 */
export const alertCounter: Counter<'alertsEndingSoon' | 'alertEndingFirst'> = {
  columns: (db, { filter, now }) => {
    const endingSoon = and(
      inCountries(headerAlerts.countryCode, filter),
      sql`${headerAlerts.endsAt} > ${now.toISOString()}::timestamptz`,
      sql`${headerAlerts.endsAt} <= ${new Date(now.getTime() + ALERTS_ENDING_SOON_DAYS * DAY_MS).toISOString()}::timestamptz`,
    );
    const first = db
      .select({
        country_code: headerAlerts.countryCode,
        hash: headerAlerts.hash,
        ends_at: headerAlerts.endsAt,
      })
      .from(headerAlerts)
      .where(endingSoon)
      .orderBy(asc(headerAlerts.endsAt), asc(headerAlerts.countryCode), asc(headerAlerts.hash))
      .limit(1);
    return {
      alerts_ending_soon: sql`(select count(*)::int from (select distinct ${headerAlerts.countryCode}, ${headerAlerts.hash} from ${headerAlerts} where ${endingSoon}) as ending)`,
      alert_ending_first: sql`(select json_build_object('countryCode', f.country_code, 'languageCode', c.default_language_code, 'hash', f.hash, 'endsAt', f.ends_at) from (${first}) as f join countries as c on c.code = f.country_code)`,
    };
  },
  read: (row) => {
    const first = row.alert_ending_first as {
      countryCode: string;
      languageCode: string;
      hash: string;
      endsAt: string;
    } | null;
    return {
      alertsEndingSoon: Number(row.alerts_ending_soon ?? 0),
      alertEndingFirst: first == null ? null : { ...first, endsAt: isoOf(first.endsAt) },
    };
  },
};

/** Every kind of work the overview counts, in one statement: a new one is one more counter here. */
const counters = [
  orderCounter,
  taxCounter,
  importCounter,
  stockCounter,
  claimCounter,
  alertCounter,
] as const;

/** The Overview's counts for the scope, read in one statement (one round trip, one connection). */
export async function overviewCounts(
  db: Database,
  scope: OverviewScope,
): Promise<Omit<Overview, 'country' | 'countries'>> {
  const columns = Object.entries(
    Object.assign({}, ...counters.map((counter) => counter.columns(db, scope))) as Record<
      string,
      SQL
    >,
  ).map(([name, expression]) => sql`${expression} as ${sql.identifier(name)}`);
  const result = await db.execute(sql`select ${sql.join(columns, sql`, `)}`);
  const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  return Object.assign({}, ...counters.map((counter) => counter.read(row, scope))) as Omit<
    Overview,
    'country' | 'countries'
  >;
}
