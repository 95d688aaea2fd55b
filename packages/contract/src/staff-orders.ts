import { z } from 'zod';
import { orderStates } from './gift-rules.js';
import { StaffDaySchema, staffText } from './staff-fields.js';

/**
 * The staff console's order queue (`/s2c/staff/v1/orders…`): the queue with
 * its filters, one order with its provider answers, and the staff actions on
 * an order (fulfil, refund, retry).
 */

export const OrderStateSchema = z.enum(orderStates);

/** A calendar day `YYYY-MM-DD` of a filter (UTC, inclusive), in the club's years. */
const FilterDaySchema = StaffDaySchema;

/** Orders on a page of the queue. */
export const ORDER_QUEUE_PAGE_SIZE = 25;

/** The queue's filters (`GET /s2c/staff/v1/orders` and `orders.csv`); empty values mean "any". */
export const OrderQueueQuerySchema = z.object({
  state: z.union([OrderStateSchema, z.literal('')]).optional(),
  country: z
    .union([z.string().regex(/^[a-z]{2}$/, 'A two-letter country code'), z.literal('')])
    .optional(),
  gift: z.union([z.string().regex(/^\d{1,9}$/, 'A gift number'), z.literal('')]).optional(),
  from: z.union([FilterDaySchema, z.literal('')]).optional(),
  to: z.union([FilterDaySchema, z.literal('')]).optional(),
  /** Zero-based. */
  page: z.coerce.number().int('A page number').min(0).max(10_000).optional(),
});
export type OrderQueueQuery = z.infer<typeof OrderQueueQuerySchema>;

const OrderMemberSchema = z.object({
  number: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

/** One order of the queue. */
export const QueuedOrderSchema = z.object({
  id: z.number(),
  countryCode: z.string(),
  state: OrderStateSchema,
  createdAt: z.string(),
  member: OrderMemberSchema,
  points: z.number(),
  provider: z.string(),
  /** The gifts as `2 × Camera`, in the member's language as ordered. */
  gifts: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
});
export type QueuedOrder = z.infer<typeof QueuedOrderSchema>;

/** `total` counts at most {@link ORDER_QUEUE_COUNT_CAP} orders (`totalCapped` then). */
export const ORDER_QUEUE_COUNT_CAP = 10_000;
export const OrderQueueSchema = z.object({
  items: z.array(QueuedOrderSchema),
  total: z.number(),
  totalCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type OrderQueue = z.infer<typeof OrderQueueSchema>;

export const ProviderCallSchema = z.enum(['place', 'status', 'cancel']);

/** `GET /s2c/staff/v1/orders/{id}`: the whole order. */
export const StaffOrderSchema = QueuedOrderSchema.extend({
  delivery: z.enum(['send', 'self']),
  deliveryAddress: z.string(),
  providerRef: z.string().nullable(),
  nextAttemptAt: z.string(),
  vouchers: z.array(z.string()),
  /** Why a failed order was refunded: one of `refundCauses`, or null. */
  failedBy: z.string().nullable(),
  lines: z.array(
    z.object({
      giftId: z.number(),
      description: z.string(),
      quantity: z.number(),
      points: z.number(),
    }),
  ),
  /** The states reached, in order, with when. */
  timeline: z.array(z.object({ state: OrderStateSchema, at: z.string() })),
  /** Every call to the voucher provider about the order, oldest first, with its answer. */
  attemptLog: z.array(
    z.object({
      at: z.string(),
      call: ProviderCallSchema,
      outcome: z.string(),
      answer: z.string(),
    }),
  ),
  /** When the member first opened the codes on the site; null while unopened. */
  vouchersOpenedAt: z.string().nullable(),
  /** What staff may do now (the server checks again). */
  canFulfil: z.boolean(),
  canRefund: z.boolean(),
  canRetry: z.boolean(),
  /** A fulfilled order's codes may be corrected and sent again until the member opens them. */
  canCorrectVouchers: z.boolean(),
});
export type StaffOrder = z.infer<typeof StaffOrderSchema>;

export const VOUCHER_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const MAX_ORDER_VOUCHERS = 20;

/**
 * `POST …/orders/{id}/fulfilment`: the voucher codes staff sent, one a line
 * (or separated by commas or spaces); none for gifts sent without a code.
 */
export const OrderFulfilmentSchema = z.object({
  vouchers: z
    .string()
    .max(2_000, 'At most 2000 characters')
    .default('')
    .transform((text) => text.split(/[\s,]+/).filter((code) => code !== ''))
    .refine((codes) => codes.length <= MAX_ORDER_VOUCHERS, `At most ${MAX_ORDER_VOUCHERS} codes`)
    .refine(
      (codes) => codes.every((code) => VOUCHER_CODE_PATTERN.test(code)),
      'Codes are letters, digits, . _ and - (at most 64 each)',
    )
    .refine((codes) => new Set(codes).size === codes.length, 'A code is given twice'),
});
export type OrderFulfilmentInput = z.input<typeof OrderFulfilmentSchema>;

/** A reason staff give for a change: required, as the audit log keeps it. */
export const StaffReasonSchema = staffText()
  .trim()
  .min(1, 'Give a reason')
  .max(500, 'At most 500 characters');

/** `POST …/orders/{id}/refund`: cancel the order and give its points back. */
export const OrderRefundSchema = z.object({ reason: StaffReasonSchema });
export type OrderRefundInput = z.infer<typeof OrderRefundSchema>;

/**
 * `POST …/orders/{id}/vouchers`: the corrected codes of a fulfilled order the
 * member has not opened yet (one per gift), and why; the member is mailed them again.
 */
export const OrderVoucherCorrectionSchema = z.object({
  vouchers: OrderFulfilmentSchema.shape.vouchers.refine(
    (codes) => codes.length > 0,
    'Give the corrected codes',
  ),
  reason: StaffReasonSchema,
});
export type OrderVoucherCorrectionInput = z.input<typeof OrderVoucherCorrectionSchema>;

/** The answer of a staff action on an order: the order as it is now. */
export const OrderActionAnswerSchema = StaffOrderSchema;
