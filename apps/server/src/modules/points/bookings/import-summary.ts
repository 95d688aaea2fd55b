import { z } from 'zod';
import { bookingReasons, type BookingReason } from '@club/contract/points';

/** The most malformed lines an import lists (it counts them all). */
export const MALFORMED_LIST_LIMIT = 100;

/**
 * What an import did. Every record that changed a booking counts once as
 * `accepted` or under its rejection reason; `updated` tells how many of them
 * replaced a PNR stored before; `unchanged` records were identical to the
 * stored ones.
 */
export const ImportSummarySchema = z.object({
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
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export function emptySummary(): ImportSummary {
  return {
    lines: 0,
    accepted: 0,
    updated: 0,
    unchanged: 0,
    rejected: Object.fromEntries(bookingReasons.map((reason) => [reason, 0])) as Record<
      BookingReason,
      number
    >,
    malformed: [],
    malformedCount: 0,
    segments: 0,
  };
}

/** The summary as the command prints it: one line per figure, rejections by reason. */
export function formatSummary(summary: ImportSummary): string[] {
  const rejected = bookingReasons.filter((reason) => summary.rejected[reason] > 0);
  const rejectedTotal = rejected.reduce((sum, reason) => sum + summary.rejected[reason], 0);
  const lines = [
    `Lines read: ${summary.lines}`,
    `Accepted: ${summary.accepted}`,
    `Updated (PNRs stored before): ${summary.updated}`,
    `Unchanged: ${summary.unchanged}`,
    `Rejected: ${rejectedTotal}`,
    ...rejected.map((reason) => `  ${reason}: ${summary.rejected[reason]}`),
    `Malformed lines: ${summary.malformedCount}`,
    ...summary.malformed.map((entry) => `  line ${entry.line}: ${entry.message}`),
  ];
  if (summary.malformedCount > summary.malformed.length) {
    lines.push(`  … and ${summary.malformedCount - summary.malformed.length} more`);
  }
  lines.push(`Segments: ${summary.segments}`);
  return lines;
}
