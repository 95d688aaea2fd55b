import { z } from 'zod';
import { CountryCodeSchema } from './staff.js';

/**
 * The console's Overview (`GET /s2c/staff/v1/overview`): what is waiting for
 * staff, counted in the staff member's countries (or the one asked for), each
 * count with the filtered screen it opens. A new kind of work adds one field
 * here, one counter on the server (modules/overview/overview-counters.ts) and
 * one row in the console's list (app/overview-items.ts).
 */

/** A gift is low on stock with this many items left or fewer (gifts whose stock is counted). */
export const LOW_STOCK_AT_MOST = 5;

/** Failed orders are work for this many days after they were placed (the queue's `from`). */
export const FAILED_ORDERS_DAYS = 30;

/**
 * Each order count stops here: past it the exact figure changes no one's
 * work, and counting every order of a large country is slow.
 */
export const OVERVIEW_COUNT_CAP = 1_000;

export { ALERTS_ENDING_SOON_DAYS } from './staff-overview-rules.js';

/** How many of the oldest tax details waiting for a decision the overview names. */
export const TAX_TO_CHECK_LISTED = 5;

/** `?country=`: one of the staff member's countries; none for all of them. */
export const OverviewQuerySchema = z.object({
  country: CountryCodeSchema.optional(),
});
export type OverviewQuery = z.infer<typeof OverviewQuerySchema>;

/** A member whose tax details wait for a decision, oldest sent first. */
const TaxToCheckSchema = z.object({
  number: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  countryCode: z.string(),
  sentAt: z.string(),
});

/** The latest booking import the staff member may see, and how many of its lines were rejected. */
const LastImportSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  fileName: z.string(),
  rejectedCount: z.number().int(),
});

export const OverviewSchema = z.object({
  /** The country asked for; null: every country of `countries`. */
  country: z.string().nullable(),
  /** The countries the staff member may choose (an admin: every country of the club). */
  countries: z.array(z.string()),
  /** Orders the provider accepted and staff (or the provider) must fulfil: state `submitted`. */
  ordersWaiting: z.number().int(),
  /** Orders that failed (their points refunded) placed on or after `failedSince`. */
  ordersFailed: z.number().int(),
  /** The first day `ordersFailed` counts, `2026-11-01` (the queue's `from`). */
  failedSince: z.string(),
  /** Either order count reached {@link OVERVIEW_COUNT_CAP}. */
  countsCapped: z.boolean(),
  /** Members whose tax details wait for a decision. */
  taxToCheck: z.number().int(),
  /** The oldest of them, at most {@link TAX_TO_CHECK_LISTED}. */
  taxToCheckOldest: z.array(TaxToCheckSchema),
  /** Rejected lines of `lastImport` (0 without one). */
  rejectedLinesLastImport: z.number().int(),
  lastImport: LastImportSchema.nullable(),
  /** Active gifts with a counted stock of {@link LOW_STOCK_AT_MOST} or fewer. */
  lowStockGifts: z.number().int(),
  /** Missing-points claims waiting for a decision. */
  openClaims: z.number().int(),
  /** When the oldest of them was filed; null without one. */
  oldestOpenClaimAt: z.string().nullable(),
  /**
   * Service alerts whose end comes within {@link ALERTS_ENDING_SOON_DAYS}
   * days (each alert once, whatever its languages).
   */
  alertsEndingSoon: z.number().int(),
  /** The one of them that ends first, with its country's default language (its editor's address); null without one. */
  alertEndingFirst: z
    .object({
      countryCode: z.string(),
      languageCode: z.string(),
      hash: z.string(),
      endsAt: z.string(),
    })
    .nullable(),
});
export type Overview = z.infer<typeof OverviewSchema>;
