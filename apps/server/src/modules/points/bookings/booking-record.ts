import { createHash } from 'node:crypto';
import { z } from 'zod';
import { segmentKinds } from '@club/contract/points';
import { storable } from '@club/contract/validation-rules';
import { recordDate } from '../record-date.js';

/**
 * The booking-queue record (docs/bookings.md): one booking per line of JSON
 * Lines, as the reservation-system side sends it. Parsing validates it and
 * normalises the codes to upper case; the hash of the normalised record tells
 * whether a PNR already stored changed at all.
 */

/** Longer lines are rejected unread, so that one bad line cannot exhaust memory. */
export const MAX_LINE_BYTES = 65_536;
export const MAX_SEGMENTS = 99;
export const MAX_REMARKS = 200;
export const MAX_REMARK_LENGTH = 500;

/** Reservation-system status codes of a cancelled segment; any other code means booked. */
export const cancelledStatusCodes: ReadonlySet<string> = new Set([
  'HX',
  'UN',
  'UC',
  'NO',
  'XX',
  'XK',
  'XL',
]);

/** The message of a missing or mistyped field; other issues (unknown keys) keep their own. */
const expected = (text: string) => ({
  error: (issue: { code?: string; input: unknown }) =>
    issue.code === 'unrecognized_keys'
      ? undefined
      : issue.input === undefined
        ? 'is required'
        : text,
});

/** The shared calendar-date rule, worded for the rejected line. */
const CalendarDateSchema = recordDate(expected('must be a date YYYY-MM-DD'));

/** Stored text: no NUL, no lone surrogate (the database refuses or changes them). */
const STORABLE_MESSAGE = 'must not hold NUL or unpaired surrogate characters';

const SegmentSchema = z.strictObject({
  id: z
    .string(expected('must be a string of 1 to 40 characters'))
    .min(1, 'must be a string of 1 to 40 characters')
    .max(40, 'must be a string of 1 to 40 characters')
    .refine(storable, STORABLE_MESSAGE),
  kind: z.enum(segmentKinds, expected(`must be one of ${segmentKinds.join(', ')}`)),
  status: z
    .string(expected('must be a two-letter status code'))
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter status code')
    .transform((value) => value.toUpperCase()),
  serviceDate: CalendarDateSchema,
  endDate: CalendarDateSchema.optional(),
  used: z.boolean(expected('must be true or false')).optional(),
});

export const BookingRecordSchema = z
  .strictObject(
    {
      pnr: z
        .string(expected('must be 5 to 8 letters or digits'))
        .regex(/^[A-Za-z0-9]{5,8}$/, 'must be 5 to 8 letters or digits')
        .transform((value) => value.toUpperCase()),
      officeId: z
        .string(expected('must be 1 to 20 letters or digits'))
        .regex(/^[A-Za-z0-9]{1,20}$/, 'must be 1 to 20 letters or digits')
        .transform((value) => value.toUpperCase()),
      createdOn: CalendarDateSchema,
      remarks: z
        .array(
          z
            .string(expected('must be a string'))
            // Remarks are read for the member number, never stored: other text is no problem.
            .max(MAX_REMARK_LENGTH, `must be at most ${MAX_REMARK_LENGTH} characters`),
          expected('must be a list of strings'),
        )
        .max(MAX_REMARKS, `must hold at most ${MAX_REMARKS} remarks`),
      segments: z
        .array(SegmentSchema, expected('must be a list of segments'))
        .max(MAX_SEGMENTS, `must hold at most ${MAX_SEGMENTS} segments`),
    },
    expected('must be a JSON object'),
  )
  .superRefine((record, context) => {
    const seen = new Set<string>();
    record.segments.forEach((segment, index) => {
      if (seen.has(segment.id)) {
        context.addIssue({
          code: 'custom',
          path: ['segments', index, 'id'],
          message: `"${segment.id}" is the id of an earlier segment`,
        });
      }
      seen.add(segment.id);
      if (segment.endDate !== undefined && segment.endDate < segment.serviceDate) {
        context.addIssue({
          code: 'custom',
          path: ['segments', index, 'endDate'],
          message: 'must not be before serviceDate',
        });
      }
    });
  });

export type BookingRecord = z.infer<typeof BookingRecordSchema>;
export type SegmentRecord = BookingRecord['segments'][number];

export type ParsedLine = { record: BookingRecord; hash: string } | { message: string };

/** One line of the queue: the record and its hash, or why it is malformed. */
export function parseBookingLine(line: string): ParsedLine {
  if (Buffer.byteLength(line) > MAX_LINE_BYTES) {
    return { message: `longer than ${MAX_LINE_BYTES} bytes` };
  }
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { message: 'not valid JSON' };
  }
  const result = BookingRecordSchema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map((issue) =>
      issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`,
    );
    return { message: problems.slice(0, 5).join('; ') };
  }
  return { record: result.data, hash: recordHash(result.data) };
}

/**
 * Hash of the normalised record: codes upper-case, absent `endDate` and
 * `used` as their defaults, segments in id order (their order carries no
 * meaning). Remarks keep their order: the first member remark counts.
 */
export function recordHash(record: BookingRecord): string {
  const segments = [...record.segments]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((s) => [s.id, s.kind, s.status, s.serviceDate, s.endDate ?? null, s.used ?? false]);
  const normalised = [record.pnr, record.officeId, record.createdOn, record.remarks, segments];
  return createHash('sha256').update(JSON.stringify(normalised)).digest('base64url');
}
