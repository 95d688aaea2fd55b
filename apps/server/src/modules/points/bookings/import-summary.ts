import {
  BookingImportSummarySchema,
  type BookingImportSummary,
} from '@club/contract/staff-bookings';
import { bookingReasons, type BookingReason } from '@club/contract/points';

/** The most malformed lines an import lists (it counts them all). */
export const MALFORMED_LIST_LIMIT = 100;

/** What an import did (docs/bookings.md); the console reads the same schema. */
export const ImportSummarySchema = BookingImportSummarySchema;
export type ImportSummary = BookingImportSummary;

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
