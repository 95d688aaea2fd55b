import { z } from 'zod';
import { staffText } from './staff-fields.js';
import { MemberStateSchema } from './staff-members.js';
import { BULK_FILE_MAX_CHARS } from './staff-bulk-rules.js';

/**
 * The console's bulk calls (docs/staff-console.md, "Bulk changes from a
 * file"): point adjustments and order fulfilments from a CSV file, each
 * previewed line by line before it is applied, and the member export.
 */

export {
  BULK_BODY_MAX_BYTES,
  BULK_FILE_MAX_CHARS,
  BULK_FILE_MAX_LINES,
  MEMBER_EXPORT_MAX,
} from './staff-bulk-rules.js';

/** A bulk call's body: the CSV file's text, as read from the file staff chose. */
export const BulkFileSchema = z.object({
  file: staffText()
    .max(BULK_FILE_MAX_CHARS, `At most ${BULK_FILE_MAX_CHARS.toLocaleString('en-GB')} characters`)
    .refine((text) => text.trim() !== '', 'Choose a file with at least one line'),
});
export type BulkFileInput = z.infer<typeof BulkFileSchema>;

/** A line of a bulk file: `ok` (it applies) or `refused`, with the reason. */
export const BulkOutcomeSchema = z.enum(['ok', 'refused']);
export type BulkOutcome = z.infer<typeof BulkOutcomeSchema>;

export const BulkAdjustmentLineSchema = z.object({
  /** The line's number in the file (the header is line 1 when there is one). */
  line: z.number().int(),
  number: z.string(),
  /** As read: null when the cell is not whole points. */
  points: z.number().int().nullable(),
  reason: z.string(),
  outcome: BulkOutcomeSchema,
  /** Why the line is refused; null when it is ok. */
  message: z.string().nullable(),
  /** The member's name, when the number is a member of the staff member's countries. */
  memberName: z.string().nullable(),
  /** Points available before and after this line (the file's earlier lines counted). */
  availableBefore: z.number().int().nullable(),
  availableAfter: z.number().int().nullable(),
});
export type BulkAdjustmentLine = z.infer<typeof BulkAdjustmentLineSchema>;

/** Who applied a file identical to this one, and when: it is not applied again. */
export const BulkAppliedSchema = z.object({ at: z.string(), by: z.string() });

export const BulkAdjustmentsAnswerSchema = z.object({
  /** SHA-256 of the file's lines as read: the same lines are one file, whatever their separator. */
  fileKey: z.string(),
  lines: z.array(BulkAdjustmentLineSchema),
  ok: z.number().int(),
  refused: z.number().int(),
  /** Credits and debits of the ok lines. */
  credited: z.number().int(),
  debited: z.number().int(),
  /** Set when a file with these lines was applied already. */
  applied: BulkAppliedSchema.nullable(),
});
export type BulkAdjustmentsAnswer = z.infer<typeof BulkAdjustmentsAnswerSchema>;

export const BulkFulfilmentLineSchema = z.object({
  line: z.number().int(),
  /** The order number as written. */
  order: z.string(),
  codes: z.array(z.string()),
  outcome: BulkOutcomeSchema,
  message: z.string().nullable(),
  /** The order's member (number and name) and gifts, when the order is one of the staff member's countries. */
  memberNumber: z.string().nullable(),
  memberName: z.string().nullable(),
  gifts: z.string().nullable(),
  /** How many codes the order takes (the sum of its lines' quantities). */
  quantity: z.number().int().nullable(),
});
export type BulkFulfilmentLine = z.infer<typeof BulkFulfilmentLineSchema>;

export const BulkFulfilmentAnswerSchema = z.object({
  fileKey: z.string(),
  lines: z.array(BulkFulfilmentLineSchema),
  ok: z.number().int(),
  refused: z.number().int(),
});
export type BulkFulfilmentAnswer = z.infer<typeof BulkFulfilmentAnswerSchema>;

const pointsBound = (message: string) =>
  z.union([
    z
      .string()
      .regex(/^-?\d{1,9}$/, message)
      .transform(Number),
    z.literal('').transform(() => undefined),
  ]);

/** `GET /s2c/staff/v1/members.csv`: members by country, state and available points. */
export const MemberExportQuerySchema = z
  .object({
    country: z
      .union([z.string().regex(/^[a-z]{2}$/, 'A two-letter country code'), z.literal('')])
      .optional(),
    state: z.union([MemberStateSchema, z.literal('')]).optional(),
    minPoints: pointsBound('Whole points, at least').optional(),
    maxPoints: pointsBound('Whole points, at most').optional(),
  })
  .refine(
    (query) =>
      query.minPoints === undefined ||
      query.maxPoints === undefined ||
      query.minPoints <= query.maxPoints,
    { message: 'At most must not be below at least', path: ['maxPoints'] },
  );
export type MemberExportQuery = z.input<typeof MemberExportQuerySchema>;
