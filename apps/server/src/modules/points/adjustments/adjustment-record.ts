import { z } from 'zod';
import { storable } from '@club/contract/validation-rules';
import { recordDate } from '../record-date.js';

/** The shared calendar-date rule, worded for the rejected line. */
const day = recordDate();
/** Stored text: no NUL, no lone surrogate (the database refuses or changes them). */
const storedText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine(storable, 'must not hold NUL or unpaired surrogate characters');
const memberNumber = z.string().regex(/^\d{1,20}$/, 'must be the member number (digits)');
const points = z.number().int('must be whole points').min(0).max(10_000_000);

/**
 * A line of a points file (docs/bookings.md "Additional points and archives"):
 * additional points for a member, or a member's archived balance from a
 * previous programme period.
 */
export const AdjustmentRecordSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('additional'),
    /** Unique per adjustment: a file loaded twice credits nothing twice. */
    reference: storedText(80),
    number: memberNumber,
    points: z.number().int('must be whole points').min(1).max(1_000_000),
    description: storedText(255),
    /**
     * The day the points count as credited, which sets when they lapse
     * (default: the day of the load); for balances moved from another system.
     */
    creditedOn: day.optional(),
  }),
  z.strictObject({
    type: z.literal('archive'),
    number: memberNumber,
    archiveDate: day,
    accumulated: points,
    additional: points,
    used: points,
    remaining: points,
  }),
]);
export type AdjustmentRecord = z.infer<typeof AdjustmentRecordSchema>;
