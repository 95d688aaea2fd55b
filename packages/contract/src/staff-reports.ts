import { z } from 'zod';
import { CountryCodeSchema } from './staff.js';

/**
 * The staff console's reports (`/s2c/staff/v1/reports/…`): points per month,
 * the lapse forecast, outstanding points, and members, offices and orders by
 * state. Every report covers the staff member's countries, or the one asked
 * for; each is also a CSV download (`….csv`).
 */

export const reportNames = [
  'points-by-month',
  'lapse-forecast',
  'outstanding',
  'members-by-state',
  'offices-by-state',
  'orders-by-state',
  'members-by-month',
  'redemptions-by-gift',
] as const;
export type ReportName = (typeof reportNames)[number];

/** The reports that take `?months=` (the months up to this one they cover). */
export const reportsOverMonths = [
  'points-by-month',
  'members-by-month',
  'redemptions-by-gift',
] as const satisfies readonly ReportName[];

/**
 * Where earned points came from (the points-by-month report's split): the
 * base rule's part of segment credits (`booking`), the campaigns' part
 * (`campaign`), approved missing-points claims (`claim`), and staff's credits
 * and debits, the points file's included (`staff`). Reversals take back from
 * the sources their credit came from.
 */
export const earnedSources = ['booking', 'campaign', 'claim', 'staff'] as const;
export type EarnedSource = (typeof earnedSources)[number];

/** How many months `points-by-month` covers by default, and at most. */
export const defaultReportMonths = 24;
export const maxReportMonths = 120;

/** How many months the lapse forecast looks ahead: this one and the next eleven. */
export const lapseForecastMonths = 12;

/** `?country=` of every report: one of the staff member's countries; none for all of them. */
export const ReportCountryQuerySchema = z.object({
  country: CountryCodeSchema.optional(),
});
export type ReportCountryQuery = z.infer<typeof ReportCountryQuerySchema>;

/** `?country=&months=` of `points-by-month`. */
export const PointsByMonthQuerySchema = ReportCountryQuerySchema.extend({
  months: z.coerce
    .number({ error: 'A whole number of months' })
    .int('A whole number of months')
    .min(1, 'At least 1 month')
    .max(maxReportMonths, `At most ${maxReportMonths} months`)
    .default(defaultReportMonths),
});
export type PointsByMonthQuery = z.infer<typeof PointsByMonthQuerySchema>;

/** A calendar month, `2026-11`. */
export const ReportMonthSchema = z.string().regex(/^\d{4}-\d{2}$/);

/** What every report answers besides its figures: its scope, and what the filter offers. */
const ReportScopeSchema = z.object({
  /** The country asked for; null: every country of `countries`. */
  country: z.string().nullable(),
  /** The countries the staff member may choose (an admin: every country of the club). */
  countries: z.array(z.string()),
});

/**
 * Points earned (segment and additional credits, less reversed credits),
 * spent (orders less refunds) and expired, per month, oldest first; every
 * month of the range is listed, months without entries with zeros. Earned is
 * also split by source: `earned` is the sum of the four.
 */
export const PointsByMonthSchema = ReportScopeSchema.extend({
  /** This month (the last of the list; its figures are so far). */
  currentMonth: ReportMonthSchema,
  months: z.array(
    z.object({
      month: ReportMonthSchema,
      earned: z.number().int(),
      /** The base rules' part of segment credits, less the same part of reversals. */
      fromBookings: z.number().int(),
      /** The campaigns' part of segment credits, less the same part of reversals. */
      fromCampaigns: z.number().int(),
      /** Approved missing-points claims. */
      fromClaims: z.number().int(),
      /** Staff's adjustments and the points file (credits less debits). */
      fromStaff: z.number().int(),
      spent: z.number().int(),
      expired: z.number().int(),
    }),
  ),
});
export type PointsByMonth = z.infer<typeof PointsByMonthSchema>;

/**
 * Points of the open credit lots by the month they lapse: this month (with
 * any lot already due and not yet lapsed) and the next eleven.
 */
export const LapseForecastSchema = ReportScopeSchema.extend({
  /** This month (the first of the list). */
  currentMonth: ReportMonthSchema,
  months: z.array(z.object({ month: ReportMonthSchema, points: z.number().int() })),
});
export type LapseForecast = z.infer<typeof LapseForecastSchema>;

/**
 * The programme's liability per country: the members' available points, and
 * separately the points their pending (PD) segments will earn once used.
 */
export const OutstandingSchema = ReportScopeSchema.extend({
  items: z.array(
    z.object({
      countryCode: z.string(),
      available: z.number().int(),
      pending: z.number().int(),
    }),
  ),
});
export type Outstanding = z.infer<typeof OutstandingSchema>;

/** How many members, offices or orders are in each state (every state listed, zeros too). */
export const StateCountsSchema = ReportScopeSchema.extend({
  items: z.array(z.object({ state: z.string(), count: z.number().int() })),
});
export type StateCounts = z.infer<typeof StateCountsSchema>;

/**
 * Members per month: enrolments (accounts registered in the month, whatever
 * became of them) and active members (members who earned or redeemed points
 * in the month: a segment, claim or staff credit, or a gift order).
 */
export const MembersByMonthSchema = ReportScopeSchema.extend({
  /** This month (the last of the list; its figures are so far). */
  currentMonth: ReportMonthSchema,
  months: z.array(
    z.object({
      month: ReportMonthSchema,
      enrolments: z.number().int(),
      active: z.number().int(),
    }),
  ),
});
export type MembersByMonth = z.infer<typeof MembersByMonthSchema>;

/**
 * Gifts redeemed in the months covered (orders placed from the first day of
 * `from` on, refunded ones left out), the most points first.
 */
export const RedemptionsByGiftSchema = ReportScopeSchema.extend({
  /** The first month covered. */
  from: ReportMonthSchema,
  items: z.array(
    z.object({
      giftId: z.number().int(),
      /** The gift's English name, else the name it was ordered by. */
      name: z.string(),
      orders: z.number().int(),
      quantity: z.number().int(),
      points: z.number().int(),
    }),
  ),
});
export type RedemptionsByGift = z.infer<typeof RedemptionsByGiftSchema>;

/** Office states of the offices-by-state report: taking part, opted out, direct sales. */
export const officeReportStates = ['active', 'inactive', 'direct'] as const;
