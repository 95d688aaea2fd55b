import { z } from 'zod';
import { bookingReasons } from './booking-reasons.js';
import { ADJUSTMENT_REASON_MAX, MEMBER_SEARCH_PAGE_SIZE } from './staff-member-rules.js';
import { staffText } from './staff-fields.js';
import { AppliedRuleSchema } from './earning-rules.js';

/**
 * The console's member calls (`/s2c/staff/v1/members…`): search, the single
 * member view and point adjustments; shared by the console's forms and the
 * server's routes.
 */

export const memberStates = ['pending', 'active', 'deletion_requested', 'deleted'] as const;
export const MemberStateSchema = z.enum(memberStates);
export type MemberState = z.infer<typeof MemberStateSchema>;

export {
  ADJUSTMENT_REASON_MAX,
  MEMBER_SEARCH_CAP,
  MEMBER_SEARCH_PAGE_SIZE,
  segmentStateTexts,
} from './staff-member-rules.js';

const wholeNumber = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message });

/**
 * A whole number of the query string: documented as a string of digits (the
 * way it travels), read as a number between `min` and `max`.
 */
const queryNumber = (message: string, min: number, max: number, overMax = message) =>
  z
    .string()
    .regex(/^\d{1,15}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, overMax));

/** `GET /s2c/staff/v1/members?query=&page=&pageSize=`: page is zero-based. */
export const MemberSearchQuerySchema = z.object({
  query: staffText()
    .trim()
    .min(1, 'Enter a member number, email, name or office ID')
    .max(100, 'At most 100 characters'),
  page: queryNumber(
    'A page number from 0',
    0,
    999,
    'Search again with more letters to see further',
  ).default(0),
  pageSize: queryNumber('A page size from 1 to 100', 1, 100).default(MEMBER_SEARCH_PAGE_SIZE),
});
export type MemberSearchQuery = z.infer<typeof MemberSearchQuerySchema>;

export const MemberSearchItemSchema = z.object({
  number: z.string(),
  countryCode: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  officeId: z.string(),
  state: MemberStateSchema,
});
export type MemberSearchItem = z.infer<typeof MemberSearchItemSchema>;

export const MemberSearchAnswerSchema = z.object({
  items: z.array(MemberSearchItemSchema),
  /** Matches, counted up to MEMBER_SEARCH_CAP. */
  total: z.number().int(),
  /** There are more matches than `total` (only the first MEMBER_SEARCH_CAP can be paged through). */
  totalCapped: z.boolean(),
});
export type MemberSearchAnswer = z.infer<typeof MemberSearchAnswerSchema>;

/**
 * Why a segment earned the member nothing. The booking's own reason when it
 * was rejected (bookingReasons), else the segment's state.
 */
export const segmentNoPointsReasons = [
  ...bookingReasons,
  'segment-cancelled',
  'segment-pending',
  'credited-to-another-member',
  'no-points-for-kind',
] as const;
export const SegmentNoPointsReasonSchema = z.enum(segmentNoPointsReasons);
export type SegmentNoPointsReason = z.infer<typeof SegmentNoPointsReasonSchema>;

const timestamp = z.string();

export const MemberProfileSchema = z.object({
  number: z.string(),
  countryCode: z.string(),
  languageCode: z.string(),
  officeId: z.string(),
  state: MemberStateSchema,
  title: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  newsletter: z.boolean(),
  directAccess: z.boolean(),
  /** Terms the member accepted, and the version their country publishes now. */
  acceptedTermsVersion: z.string().nullable(),
  countryTermsVersion: z.string(),
  termsAcceptedAt: timestamp.nullable(),
  createdAt: timestamp,
  activatedAt: timestamp.nullable(),
  deletedAt: timestamp.nullable(),
  /** Failed logins counted for the member's number, and until when logins wait (the login limiter). */
  loginBackoff: z.object({ failures: z.number().int(), blockedUntil: timestamp.nullable() }),
  openSessions: z.number().int(),
});
export type MemberProfile = z.infer<typeof MemberProfileSchema>;

/** The same figures as the member's own points page (spec 2 §3). */
export const MemberStatusSchema = z.object({
  totalSegmentsPD: z.number().int(),
  totalSegmentsOk: z.number().int(),
  accumulated: z.number().int(),
  regular: z.number().int(),
  additional: z.number().int(),
  used: z.number().int(),
  expired: z.number().int(),
  available: z.number().int(),
});

export const MemberSegmentSchema = z.object({
  segmentId: z.string(),
  kind: z.string(),
  /** The reservation system's status code, as received (HK, HX, UN, …). */
  sourceStatus: z.string(),
  status: z.enum(['PD', 'OK', 'XX']),
  serviceDate: z.string(),
  endDate: z.string().nullable(),
  points: z.number().int(),
  creditedOn: z.string().nullable(),
  /** Why it earned the member nothing; null when it earned points. */
  noPointsReason: SegmentNoPointsReasonSchema.nullable(),
  /** The earning rules that gave its points ("hotel 10 + March hotel campaign ×2"). */
  rules: z.array(AppliedRuleSchema),
});

export const MemberBookingSchema = z.object({
  pnr: z.string(),
  officeId: z.string(),
  createdOn: z.string(),
  state: z.enum(['accepted', 'rejected']),
  /** A rejected booking's reason (the import's rules). */
  reason: z.enum(bookingReasons).nullable(),
  points: z.number().int(),
  segments: z.array(MemberSegmentSchema),
});
export type MemberBooking = z.infer<typeof MemberBookingSchema>;

export const ledgerEntryKinds = [
  'segment',
  'additional',
  'order',
  'refund',
  'expiry',
  'reversal',
] as const;

export const MemberLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ledgerEntryKinds),
  /** Signed: credits positive, debits negative. */
  amount: z.number().int(),
  entryDate: z.string(),
  expiresOn: z.string().nullable(),
  /** The entry's reason: a staff adjustment's reason, a bonus's description, the lot an expiry lapsed. */
  description: z.string(),
  pnr: z.string().nullable(),
  orderId: z.number().int().nullable(),
  /** Who made an adjustment: a staff email, `command-line (user)` for a points file; null otherwise. */
  adjustedBy: z.string().nullable(),
  createdAt: timestamp,
});
export type MemberLedgerEntry = z.infer<typeof MemberLedgerEntrySchema>;

export const MemberOrderSchema = z.object({
  id: z.number().int(),
  state: z.string(),
  totalPoints: z.number().int(),
  delivery: z.string(),
  provider: z.string(),
  createdAt: timestamp,
  fulfilledAt: timestamp.nullable(),
  failedAt: timestamp.nullable(),
  lastError: z.string().nullable(),
  lines: z.array(
    z.object({
      giftId: z.number().int(),
      description: z.string(),
      quantity: z.number().int(),
      points: z.number().int(),
    }),
  ),
});

/** A mail of the outbox to the member: never its body (it may hold a link that logs in or sets a password). */
export const MemberMailSchema = z.object({
  id: z.number().int(),
  template: z.string(),
  subject: z.string(),
  state: z.enum(['sent', 'waiting', 'retrying']),
  attempts: z.number().int(),
  createdAt: timestamp,
  sentAt: timestamp.nullable(),
});

/** Latest this many of each list in the member view. */
export const MEMBER_VIEW_LIMITS = { bookings: 200, ledger: 200, orders: 100, mails: 100 } as const;

export const MemberViewSchema = z.object({
  profile: MemberProfileSchema,
  status: MemberStatusSchema,
  bookings: z.array(MemberBookingSchema),
  ledger: z.array(MemberLedgerEntrySchema),
  /** Older entries exist than the listed ones: `GET …/ledger?before={the last id}` reads them. */
  ledgerHasMore: z.boolean(),
  orders: z.array(MemberOrderSchema),
  mails: z.array(MemberMailSchema),
  /**
   * What the signed-in staff member may still adjust for this member today (support: the
   * limit per member per day less what support adjusted today); null: no limit.
   */
  adjustmentLimit: z.number().int().nullable(),
});
export type MemberView = z.infer<typeof MemberViewSchema>;

/** `GET /s2c/staff/v1/members/{number}/ledger?before=`: older ledger entries, newest first. */
export const MemberLedgerQuerySchema = z.object({
  before: queryNumber('An entry id', 1, Number.MAX_SAFE_INTEGER).optional(),
});
export const MemberLedgerPageSchema = z.object({
  entries: z.array(MemberLedgerEntrySchema),
  hasMore: z.boolean(),
});

export const MemberNumberParamsSchema = z.object({
  number: z.string().regex(/^\d{1,20}$/, 'A member number (digits)'),
});

/** `POST /s2c/staff/v1/members/{number}/adjustments`: credit (positive) or debit (negative) points with a reason. */
export const PointAdjustmentSchema = z.object({
  points: wholeNumber('Whole points, positive to credit or negative to debit')
    .refine((points) => points !== 0, 'Whole points, positive to credit or negative to debit')
    .refine((points) => Math.abs(points) <= 1_000_000, 'At most 1,000,000 points at once'),
  reason: staffText()
    .trim()
    .min(1, 'Give the reason (the member sees it)')
    .max(ADJUSTMENT_REASON_MAX, `At most ${ADJUSTMENT_REASON_MAX} characters`),
});
export type PointAdjustment = z.infer<typeof PointAdjustmentSchema>;

/** The 400 of a debit larger than what the member has available. */
export const notEnoughPointsMessage = (available: number) =>
  `The member has ${available} points available: a debit cannot take more`;
