import { z } from 'zod';
import { calendarDateProblem } from './calendar-date.js';
import { segmentKinds } from './earning.js';
import { bookingReasons } from './booking-reasons.js';
import type { MessageKey } from './message-catalogue.js';
import { storable } from './stored-text.js';
import { staffText } from './staff-fields.js';
import { messages } from './validation-messages.js';

/**
 * Missing-points claims (issue 31 §1): a member asks for the points of a
 * booking that earned nothing; staff approve them (a credit linked to the
 * claim and the PNR) or reject them with a reason; a booking that later
 * arrives and earns closes an open claim as `matched`. One set of rules for
 * the member's form, the console and the server.
 */

export const claimStates = ['open', 'approved', 'rejected', 'matched'] as const;
export type ClaimState = (typeof claimStates)[number];

export const CLAIM_NOTE_MAX = 500;
export const CLAIM_REASON_MAX = 500;

/** Keys of the claim form's messages; their English wording is in message-catalogue.ts. */
export const claimMessages = {
  pnrRequired: 'points.message.pnrRequired',
  pnrPattern: 'points.message.pnrPattern',
  dateRequired: 'points.message.dateRequired',
  dateFormat: 'points.message.dateFormat',
  dateRange: 'points.message.dateRange',
  /** The PNR already earned the member points: nothing is missing. */
  alreadyEarned: 'claims.message.alreadyEarned',
  /** The PNR is the member's and still pending: its points come once travelled. */
  pending: 'claims.message.pending',
  /** The member has an open claim for this PNR. */
  alreadyOpen: 'claims.message.alreadyOpen',
  /** The member has as many open claims as the club allows at once. */
  tooManyOpen: 'claims.message.tooManyOpen',
} as const satisfies Record<string, MessageKey>;

const PnrSchema = z
  .string({ error: claimMessages.pnrRequired })
  .trim()
  .min(1, claimMessages.pnrRequired)
  .regex(/^[A-Za-z0-9]{5,8}$/, claimMessages.pnrPattern)
  .transform((value) => value.toUpperCase());

const TravelDateSchema = z
  .string({ error: claimMessages.dateRequired })
  .trim()
  .min(1, claimMessages.dateRequired)
  .superRefine((value, context) => {
    const problem = value === '' ? null : calendarDateProblem(value);
    if (problem === 'format')
      context.addIssue({ code: 'custom', message: claimMessages.dateFormat });
    if (problem === 'range') context.addIssue({ code: 'custom', message: claimMessages.dateRange });
  });

/** The claim form's fields (the member's number travels with them, as on every points call). */
export const ClaimFormSchema = z.object({
  pnr: PnrSchema,
  travelDate: TravelDateSchema,
  /** What was booked; absent when the member does not say. */
  booked: z
    .union([z.enum(segmentKinds), z.literal('')])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value)),
  note: z
    .string()
    .trim()
    .max(CLAIM_NOTE_MAX, messages.maxLength)
    .refine(storable, messages.pattern)
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value)),
});
export type ClaimForm = z.input<typeof ClaimFormSchema>;

/** `POST /s2c/auth/v1/agent-points/claims`. */
export const NewClaimSchema = ClaimFormSchema.extend({
  number: z.string().regex(/^\d{1,20}$/, messages.numbersOnly),
});

/** A claim as its member reads it. */
export const MemberClaimSchema = z.object({
  id: z.number().int(),
  pnr: z.string(),
  travelDate: z.string(),
  booked: z.enum(segmentKinds).nullable(),
  note: z.string().nullable(),
  state: z.enum(claimStates),
  /** Points credited by the approval (0 otherwise). */
  points: z.number().int(),
  /** The decision's reason (approved or rejected), else null. */
  reason: z.string().nullable(),
  filedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MemberClaim = z.infer<typeof MemberClaimSchema>;

export const MemberClaimListSchema = z.object({ items: z.array(MemberClaimSchema) });
export type MemberClaimList = z.infer<typeof MemberClaimListSchema>;

/** The queue's age filter: claims filed at least this many days ago. */
export const claimAges = ['', '7', '30'] as const;

/** `GET /s2c/staff/v1/claims?state=&country=&olderThanDays=&page=`. */
export const ClaimQueueQuerySchema = z.object({
  state: z.enum(claimStates).optional(),
  country: z
    .string()
    .regex(/^[a-z]{2}$/, 'A country code of two lower-case letters')
    .optional(),
  olderThanDays: z
    .string()
    .regex(/^\d{1,4}$/, 'A number of days')
    .transform(Number)
    .optional(),
  page: z
    .string()
    .regex(/^\d{1,4}$/, 'A page number from 0')
    .transform(Number)
    .default(0),
});
export type ClaimQueueQuery = z.input<typeof ClaimQueueQuerySchema>;

export const CLAIM_QUEUE_PAGE_SIZE = 50;

export const StaffClaimSchema = MemberClaimSchema.extend({
  memberNumber: z.string(),
  memberName: z.string(),
  countryCode: z.string(),
  /** Who decided (staff email), else null. */
  decidedBy: z.string().nullable(),
});
export type StaffClaim = z.infer<typeof StaffClaimSchema>;

export const ClaimQueueSchema = z.object({
  items: z.array(StaffClaimSchema),
  total: z.number().int(),
});
export type ClaimQueue = z.infer<typeof ClaimQueueSchema>;

/** One rejected line of the PNR in an import (queue, upload or command line). */
export const ClaimImportLineSchema = z.object({
  importId: z.number().int(),
  importedAt: z.string(),
  source: z.enum(['console', 'command-line', 'booking-queue']),
  fileName: z.string(),
  line: z.number().int(),
  reason: z.string(),
  message: z.string(),
});

/** The booking stored for the PNR now, with its segments. */
export const ClaimBookingSchema = z.object({
  state: z.enum(['accepted', 'rejected']),
  reason: z.enum(bookingReasons).nullable(),
  memberNumber: z.string().nullable(),
  createdOn: z.string(),
  segments: z.array(
    z.object({
      kind: z.enum(segmentKinds),
      serviceDate: z.string(),
      status: z.enum(['PD', 'OK', 'XX']),
      points: z.number().int(),
    }),
  ),
});

/** `GET /s2c/staff/v1/claims/{id}`. */
export const StaffClaimDetailSchema = StaffClaimSchema.extend({
  booking: ClaimBookingSchema.nullable(),
  importHistory: z.array(ClaimImportLineSchema),
  /** What the booking would earn today: the points proposed for an approval. */
  proposedPoints: z.number().int(),
  /** Support's points left for this member today under its adjustment limit; null for other roles. */
  adjustmentLimit: z.number().int().nullable(),
});
export type StaffClaimDetail = z.infer<typeof StaffClaimDetailSchema>;

const reasonField = staffText()
  .trim()
  .min(1, 'Give the reason (the member reads it)')
  .max(CLAIM_REASON_MAX, `At most ${CLAIM_REASON_MAX} characters`);

/** `POST /s2c/staff/v1/claims/{id}/decision`. */
export const ClaimDecisionSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    points: z.coerce
      .number({ error: 'Whole points from 1 to 1,000,000' })
      .int({ error: 'Whole points from 1 to 1,000,000' })
      .min(1, 'Whole points from 1 to 1,000,000')
      .max(1_000_000, 'Whole points from 1 to 1,000,000'),
    reason: reasonField,
  }),
  z.object({ decision: z.literal('reject'), reason: reasonField }),
]);
export type ClaimDecision = z.infer<typeof ClaimDecisionSchema>;
