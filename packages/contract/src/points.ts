import { z } from 'zod';
import { calendarDateProblem, isCalendarDate } from './calendar-date.js';
import { PageSchema } from './page.js';
import type { MessageKey } from './message-catalogue.js';
import { messages } from './validation-messages.js';
import { deliveryOptions, orderStates, refundCauses } from './gift-rules.js';
import { bookingReasons } from './booking-reasons.js';
import { segmentKinds } from './earning.js';

/**
 * Points: the status report, the points page and its search form, archive
 * points and the expiry forecast (spec 2 §2.4, §3, §5, §7).
 */

/** Segment kinds of a booking, and what an OK segment earns by default (spec 2 §1): earning.ts. */
export { defaultSegmentPoints, segmentKinds, type SegmentKind } from './earning.js';

/** `PD` pending (booked, no points yet), `OK` flown or used (credited). Cancelled segments are dropped. */
export type SegmentStatus = 'PD' | 'OK';

/** `GET /s2c/auth/v1/agent-points?number=` → user.statusReport (spec 2 §3). */
export const StatusReportSchema = z.object({
  totalSegmentsPD: z.number().int(),
  totalSegmentsOk: z.number().int(),
  totalSegments: z.number().int(),
  /** Every point credited: regular + additional (reversals taken off). */
  accumulated: z.number().int(),
  /** Spent on gifts (refunds taken off). */
  used: z.number().int(),
  expired: z.number().int(),
  /** accumulated − used − expired. */
  available: z.number().int(),
  /** Points from segments. */
  regular: z.number().int(),
  /** Bonuses, promotions and manual adjustments. */
  additional: z.number().int(),
  /** The external order partner is off: "Spend my points" is disabled. */
  edenredIsOff: z.boolean(),
  /**
   * Not the spec's: gift ordering is closed for the member's country (its
   * switch or its ordering dates), so the member home offers no "Spend my points".
   */
  orderingClosed: z.boolean().optional(),
  /** The day ordering reopens (YYYY-MM-DD), when content says or a later ordering range starts; else null. */
  orderingReopensOn: z.string().nullable().optional(),
});
export type StatusReport = z.infer<typeof StatusReportSchema>;

export const AgentPointsQuerySchema = z.object({
  number: z.string().regex(/^\d{1,20}$/, messages.numbersOnly),
});

/** Points lapsing in each of the next 12 months (`GET /s2c/auth/v1/agent-points/forecast?number=`). */
export const ExpiryForecastSchema = z.object({
  months: z.array(z.object({ month: z.string(), points: z.number().int() })),
  /** The next date points lapse, and how many; null when none are due. */
  next: z.object({ date: z.string(), points: z.number().int() }).nullable(),
});
export type ExpiryForecast = z.infer<typeof ExpiryForecastSchema>;

/** How many months the points history covers, this one included. */
export const POINTS_HISTORY_MONTHS = 24;

/**
 * Points earned, spent and expired in each of the last 24 months, oldest
 * first (`GET /s2c/auth/v1/agent-points/history?number=`), summed from the
 * ledger: earned is credits less reversals, spent is gift orders less refunds.
 */
export const PointsHistorySchema = z.object({
  months: z.array(
    z.object({
      /** `YYYY-MM`. */
      month: z.string(),
      earned: z.number().int(),
      spent: z.number().int(),
      expired: z.number().int(),
    }),
  ),
});
export type PointsHistory = z.infer<typeof PointsHistorySchema>;

/** The statement download's query: the member's number, and the language of its words. */
export const PointsStatementQuerySchema = AgentPointsQuerySchema.extend({
  languageCode: z
    .string()
    .regex(/^[a-z]{3}$/)
    .optional(),
});

export { bookingReasons, bookingReasonTexts, type BookingReason } from './booking-reasons.js';

/** Keys of the points search's messages (the spec leaves their texts to us, §5; wording in message-catalogue.ts). */
export const pointsSearchMessages = {
  pnrRequired: 'points.message.pnrRequired',
  pnrPattern: 'points.message.pnrPattern',
  dateRequired: 'points.message.dateRequired',
  dateFormat: 'points.message.dateFormat',
  dateRange: 'points.message.dateRange',
  dateOrder: 'points.message.dateOrder',
} as const satisfies Record<string, MessageKey>;

const DateFieldSchema = z
  .string()
  .trim()
  .min(1, pointsSearchMessages.dateRequired)
  .superRefine((value, context) => {
    const problem = value === '' ? null : calendarDateProblem(value);
    if (problem === 'format')
      context.addIssue({ code: 'custom', message: pointsSearchMessages.dateFormat });
    if (problem === 'range')
      context.addIssue({ code: 'custom', message: pointsSearchMessages.dateRange });
  });

/**
 * The points search form (spec 2 §3 "Search form", §5): by PNR (pnrSearch
 * required) or by date range (fromDate and toDate required, YYYY-MM-DD).
 * `details` is "1" to show each PNR's segments.
 */
export const PointsSearchSchema = z.discriminatedUnion('searchBy', [
  z.object({
    searchBy: z.literal('pnr'),
    pnrSearch: z
      .string()
      .trim()
      .min(1, pointsSearchMessages.pnrRequired)
      .regex(/^[A-Za-z0-9]{5,8}$/, pointsSearchMessages.pnrPattern)
      .transform((value) => value.toUpperCase()),
    details: z.enum(['1', '']).optional(),
  }),
  z
    .object({
      searchBy: z.literal('date'),
      fromDate: DateFieldSchema,
      toDate: DateFieldSchema,
      details: z.enum(['1', '']).optional(),
    })
    // Only two real dates have an order: a bad one already has its own message.
    .refine(
      (value) =>
        !isCalendarDate(value.fromDate) ||
        !isCalendarDate(value.toDate) ||
        value.fromDate <= value.toDate,
      {
        message: pointsSearchMessages.dateOrder,
        path: ['toDate'],
      },
    ),
]);
export type PointsSearch = z.infer<typeof PointsSearchSchema>;

/**
 * An earning rule that gave a segment its points, as the member reads it:
 * a base rule by its points (worded with the segment kind), a campaign by its
 * name in the page's language, with its multiplier or bonus.
 */
export const SegmentRuleSchema = z.object({
  kind: z.enum(['base', 'campaign']),
  /** A campaign's name in the page's language; empty for a base rule. */
  name: z.string(),
  points: z.number().int().nullable(),
  multiplier: z.number().nullable(),
});
export type SegmentRule = z.infer<typeof SegmentRuleSchema>;

/** One segment of a PNR row, shown with `details=1`. */
export const PointsSegmentSchema = z.object({
  segmentId: z.string(),
  kind: z.enum(segmentKinds),
  serviceDate: z.string(),
  status: z.enum(['PD', 'OK']),
  points: z.number().int(),
  /** When the credit lapses (OK segments). */
  expiresOn: z.string().nullable(),
  /** The rules that gave the points (OK), or that will (pending, as in force today). */
  rules: z.array(SegmentRuleSchema).optional(),
});

/** A PNR row of the points page (spec 2 §3 "Points page"). */
export const PointsRowSchema = z.object({
  pnr: z.string(),
  /** Booking creation date, YYYY-MM-DD. */
  date: z.string(),
  /** Segments not cancelled. */
  legs: z.number().int(),
  /** Segments flown or used. */
  legSOK: z.number().int(),
  /** Points the PNR is worth once every segment is OK. */
  _Price: z.number().int(),
  /** Points credited so far. */
  points: z.number().int(),
  /** OK when every segment is OK, else PD. */
  status: z.enum(['PD', 'OK']),
  /** An approved missing-points claim credited the PNR's points: its segments earn nothing (`claims.paidByClaim`). */
  paidByClaim: z.boolean().optional(),
  segments: z.array(PointsSegmentSchema),
});
export type PointsRow = z.infer<typeof PointsRowSchema>;

/** A queued PNR that earned nothing, with its reason. */
export const QueuedBookingSchema = z.object({
  pnr: z.string(),
  date: z.string(),
  officeId: z.string(),
  reason: z.enum(bookingReasons),
});
export type QueuedBooking = z.infer<typeof QueuedBookingSchema>;

/** Additional points (bonus, promotion, adjustment). */
export const AdditionalRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  description: z.string(),
  pnr: z.string(),
  points: z.number().int(),
});

/** Ordered gifts (filled by the gifts capability). */
export const UsedRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  pnr: z.string(),
  quantity: z.number().int(),
  points: z.number().int(),
});

/**
 * A gift order with its short timeline (Ordered gifts tab): what was
 * ordered, each state it reached with its day, the voucher codes once
 * fulfilled and why it was refunded. Filled by the gifts capability.
 */
export const OrderedGiftSchema = z.object({
  /** The order number. */
  id: z.number().int(),
  points: z.number().int(),
  delivery: z.enum(deliveryOptions),
  lines: z.array(
    z.object({ description: z.string(), quantity: z.number().int(), points: z.number().int() }),
  ),
  /** The order's current state. */
  state: z.enum(orderStates),
  /** The states it went through, oldest first, each with its day (YYYY-MM-DD). */
  timeline: z.array(z.object({ state: z.enum(orderStates), date: z.string() })),
  /** Voucher codes of a fulfilled order (none for gifts sent without one). */
  vouchers: z.array(z.string()),
  /** A failed (refunded) order: why; null otherwise. */
  refund: z
    .object({
      cause: z.enum(refundCauses),
      /** The provider's own words when it refused the order, else ''. */
      reason: z.string(),
    })
    .nullable(),
});
export type OrderedGift = z.infer<typeof OrderedGiftSchema>;

/** `GET /s2c/content/v1/pages/points/` with the search as page params. */
export const PointsPageSchema = PageSchema.extend({
  points: z.array(PointsRowSchema),
  totlegsOK: z.number().int(),
  totpoints: z.number().int(),
  addArray: z.array(AdditionalRowSchema),
  summAdd: z.number().int(),
  useArray: z.array(UsedRowSchema),
  summUse: z.number().int(),
  /** Every gift order of the member, newest first, with its timeline (refunded ones too). */
  orders: z.array(OrderedGiftSchema),
  expired: z.number().int(),
  /** Available points. */
  refresh: z.number().int(),
  details: z.string(),
  /** The search found no PNR. */
  noneDet: z.boolean(),
  /** Queued PNRs of the search that earned nothing, each with its reason. */
  queued: z.array(QueuedBookingSchema),
  /** Without a search: only the latest rows are listed. */
  truncated: z.boolean(),
  /** Present when the search params were invalid: messages per field. */
  validationMessages: z.record(z.string(), z.array(z.string())).optional(),
});
export type PointsPage = z.infer<typeof PointsPageSchema>;

/** The most PNR rows listed without a search. */
export const POINTS_ROWS_LIMIT = 200;

/** `GET /s2c/content/v1/pages/archive-points/` (spec 2 §2.4 "Archive points"). */
export const ArchivePointsPageSchema = PageSchema.extend({
  /** Null for guests and for members without an archived balance. */
  archive: z
    .object({
      archiveDate: z.string(),
      accumulated: z.number().int(),
      additional: z.number().int(),
      used: z.number().int(),
      remaining: z.number().int(),
    })
    .nullable(),
  loggedIn: z.boolean(),
});
export type ArchivePointsPage = z.infer<typeof ArchivePointsPageSchema>;
