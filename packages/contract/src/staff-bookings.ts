import { z } from 'zod';
import { bookingReasons } from './points.js';
import { staffText } from './staff-fields.js';

/**
 * The staff console's bookings area: uploads of booking-queue files (JSON
 * Lines, docs/bookings.md) and the import history, shared by the console and
 * the server.
 */

/** The content type of an upload: the JSON Lines text itself. */
export const bookingsUploadContentType = 'application/x-ndjson';

/** The largest upload the console call takes (bytes); larger files go through `npm run bookings:import`. */
export const bookingsUploadMaxBytes = 10 * 1024 * 1024;

/** How many rejected lines an import keeps in its history (it counts them all). */
export const bookingImportRejectedKept = 1000;

/**
 * What an import did (docs/bookings.md, "The summary"): every record that
 * changed a booking counts once as `accepted` or under its reason;
 * `malformed` lists the first malformed lines.
 */
export const BookingImportSummarySchema = z.object({
  /** Lines read, blank ones included. */
  lines: z.number().int(),
  accepted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.record(z.enum(bookingReasons), z.number().int()),
  /** Malformed lines: the first ones with their line number and what is wrong. */
  malformed: z.array(z.object({ line: z.number().int(), message: z.string() })),
  malformedCount: z.number().int(),
  /** Segments of the accepted and rejected records (unchanged records not counted). */
  segments: z.number().int(),
});
export type BookingImportSummary = z.infer<typeof BookingImportSummarySchema>;

/**
 * Why a line stored nothing that earns: a booking rule's reason (the booking
 * is stored, rejected), `malformed` (not a booking record; nothing stored) or
 * `other-country` (a member, office or booking outside the staff member's
 * countries; nothing stored).
 */
export const rejectedLineKinds = [...bookingReasons, 'malformed', 'other-country'] as const;
export const RejectedLineSchema = z.object({
  line: z.number().int(),
  /** The record's PNR, when the line could be read. */
  pnr: z.string().nullable(),
  reason: z.enum(rejectedLineKinds),
  /** The reason in words. */
  message: z.string(),
});
export type RejectedLine = z.infer<typeof RejectedLineSchema>;

export const bookingImportSources = ['console', 'command-line', 'booking-queue'] as const;

/** One import of the history, without its rejected lines. */
export const BookingImportSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** The staff email, `command-line (user)` or `booking-queue`. */
  actor: z.string(),
  source: z.enum(bookingImportSources),
  fileName: z.string(),
  /** `failed`: a batch failed; the batches before it stay imported. */
  outcome: z.enum(['finished', 'failed']),
  lines: z.number().int(),
  accepted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Lines that stored nothing that earns: rejected bookings, malformed and out-of-country lines. */
  rejectedCount: z.number().int(),
});
export type BookingImport = z.infer<typeof BookingImportSchema>;

/** `GET /s2c/staff/v1/bookings/imports/{id}` and the upload's answer. */
export const BookingImportDetailSchema = BookingImportSchema.extend({
  summary: BookingImportSummarySchema,
  /** The first rejected lines (at most `bookingImportRejectedKept`), by line number. */
  rejectedLines: z.array(RejectedLineSchema),
});
export type BookingImportDetail = z.infer<typeof BookingImportDetailSchema>;

export const BookingImportPageSchema = z.object({
  items: z.array(BookingImportSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BookingImportPage = z.infer<typeof BookingImportPageSchema>;

/** `?fileName=` of an upload: the name shown in the history. */
export const BookingUploadQuerySchema = z.object({
  fileName: staffText()
    .trim()
    .min(1, 'Name the file')
    .max(200, 'At most 200 characters')
    .default('upload.jsonl'),
});

/**
 * A page number of a paged list, 1 to 10,000. Written as digits in the query
 * (the OpenAPI document says so: a string of digits), read as a number.
 */
export const PageNumberSchema = z
  .string()
  .regex(/^[1-9]\d{0,3}$|^10000$/, 'A page number from 1 to 10000')
  .default('1')
  .transform(Number);

export const StaffPageQuerySchema = z.object({ page: PageNumberSchema });
