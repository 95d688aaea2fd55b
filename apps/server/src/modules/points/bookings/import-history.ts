import {
  bookingImportRejectedKept,
  type BookingImportDetail,
  type RejectedLine,
} from '@club/contract/staff-bookings';
import type { Database } from '../../../db/client.js';
import { recordAudit, type AuditActor } from '../../audit/audit-log.js';
import { bookingImports } from '../schema.js';
import { ImportFailed, importBookings, type ImportOptions } from './import-bookings.js';
import type { ImportSummary } from './import-summary.js';

/**
 * The booking import history (`booking_imports`): every import, by the
 * staff console's upload, `npm run bookings:import` or the queue call, runs
 * through `importBookingsRecorded`, which keeps who made it, its summary and
 * its first rejected lines.
 */

export type BookingImportSource = 'console' | 'command-line' | 'booking-queue';

/** The actor of the queue call in the history and the audit log. */
export const bookingQueueActor: AuditActor = { staffId: null, label: 'booking-queue' };

export type ImportOrigin = {
  actor: AuditActor;
  source: BookingImportSource;
  fileName: string;
  /** The countries a manager's upload keeps to (`ImportOptions.countries`); absent: every one. */
  countries?: readonly string[];
  now: () => number;
};

/**
 * The first `limit` rejected lines by line number, and how many there were.
 * Lines come nearly in order (a batch's rejections after its malformed
 * lines), so the list is sorted and cut whenever it doubles.
 */
export class RejectedLines {
  private lines: RejectedLine[] = [];
  count = 0;
  constructor(private readonly limit = bookingImportRejectedKept) {}

  add = (line: RejectedLine): void => {
    this.count++;
    this.lines.push(line);
    if (this.lines.length >= 2 * this.limit) this.cut();
  };

  first(): RejectedLine[] {
    this.cut();
    return this.lines;
  }

  private cut(): void {
    this.lines.sort((a, b) => a.line - b.line);
    this.lines.length = Math.min(this.lines.length, this.limit);
  }
}

export type RecordedImport = BookingImportDetail;

/**
 * Runs `importBookings` and records the import in the history, with its
 * audit entry (`bookings.import`, by the staff member, the command line or
 * the queue) in the history row's transaction: points move with every
 * import, whoever sends it. A failed import is recorded as `failed`
 * with what its committed batches did (when the database still takes it),
 * and its error is thrown again.
 */
export async function importBookingsRecorded(
  db: Database,
  lines: AsyncIterable<string> | Iterable<string>,
  options: Omit<ImportOptions, 'onRejectedLine' | 'countries'>,
  origin: ImportOrigin,
): Promise<RecordedImport> {
  const startedAt = new Date(origin.now());
  const rejected = new RejectedLines();
  let summary: ImportSummary;
  let failure: ImportFailed | undefined;
  try {
    summary = await importBookings(db, lines, {
      now: origin.now,
      ...options,
      onRejectedLine: rejected.add,
      ...(origin.countries === undefined ? {} : { countries: origin.countries }),
    });
  } catch (error) {
    if (!(error instanceof ImportFailed)) throw error;
    failure = error;
    summary = error.summary;
  }
  const record = () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(bookingImports)
        .values({
          startedAt,
          finishedAt: new Date(origin.now()),
          staffId: origin.actor.staffId,
          actor: origin.actor.label,
          source: origin.source,
          countries: origin.countries === undefined ? null : [...origin.countries],
          fileName: origin.fileName,
          outcome: failure === undefined ? 'finished' : 'failed',
          summary,
          rejectedCount: rejected.count,
          rejectedLines: rejected.first(),
        })
        .returning();
      const detail = importDetail(row!);
      await recordAudit(tx, origin.actor, {
        action: 'bookings.import',
        targetType: 'booking-import',
        target: String(detail.id),
        countryCode: origin.countries?.length === 1 ? origin.countries[0] : null,
        after: importListed(row!),
      });
      return detail;
    });
  if (failure === undefined) return record();
  // The database that failed the import may fail the record too: the import's
  // own failure, with what its batches did, is what the caller must hear.
  await record().catch(() => undefined);
  throw failure;
}

type BookingImportRow = typeof bookingImports.$inferSelect;

/** A history row as the staff calls answer it. */
export function importDetail(row: BookingImportRow): BookingImportDetail {
  const summary = row.summary as ImportSummary;
  return {
    ...importListed(row),
    summary,
    rejectedLines: row.rejectedLines as RejectedLine[],
  };
}

export function importListed(row: Omit<BookingImportRow, 'rejectedLines'>) {
  const summary = row.summary as ImportSummary;
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt.toISOString(),
    actor: row.actor,
    source: row.source,
    fileName: row.fileName,
    outcome: row.outcome,
    lines: summary.lines,
    accepted: summary.accepted,
    updated: summary.updated,
    unchanged: summary.unchanged,
    rejectedCount: row.rejectedCount,
  };
}
