import type { BookingReason } from '@club/contract/points';
import type { Database, Transaction } from '../../../db/client.js';
import { databaseRefusalOf } from '../../../db/errors.js';
import { LedgerSession } from '../ledger.js';
import { lockBookings } from '../locks.js';
import type { SegmentPoints } from '../segment-points.js';
import { planBooking, type BookingPlan } from './booking-plan.js';
import { parseBookingLine, type BookingRecord } from './booking-record.js';
import { memberRemarkOf } from './booking-rules.js';
import {
  findBookings,
  findMembers,
  findOffices,
  loadSegments,
  saveBookings,
  saveSegments,
  segmentKey,
} from './booking-store.js';
import { emptySummary, MALFORMED_LIST_LIMIT, type ImportSummary } from './import-summary.js';

/** Records per transaction: large enough for bulk statements, small enough to hold locks briefly. */
export const DEFAULT_BATCH_SIZE = 500;
/** A batch also closes at this many segments, which bounds its statements and memory. */
const MAX_BATCH_SEGMENTS = 5_000;

export type ImportProgress = { linesDone: number; summary: ImportSummary };

export type ImportOptions = {
  /** The app clock's day (YYYY-MM-DD): segments ending before it are OK, credits are dated it. */
  today: string;
  segmentPoints: SegmentPoints;
  batchSize?: number;
  /** Called after each committed batch. */
  onProgress?: (progress: ImportProgress) => void;
};

/** A batch failed: it was rolled back; the batches before it stay imported. */
export class ImportFailed extends Error {
  override name = 'ImportFailed';
  constructor(
    /** What the committed batches did; malformed lines as far as read. */
    readonly summary: ImportSummary,
    /** Lines fully imported before the failure. */
    readonly linesDone: number,
    cause: unknown,
  ) {
    super(
      `Import stopped after line ${linesDone}: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

type QueuedRecord = { record: BookingRecord; hash: string; lineNumber: number };

/**
 * Imports booking-queue lines (JSON Lines) in batches, one transaction each.
 * A malformed line is listed and skipped; a repeated PNR closes the batch
 * first, so that the later line wins over a committed earlier one.
 */
export async function importBookings(
  db: Database,
  lines: AsyncIterable<string> | Iterable<string>,
  options: ImportOptions,
): Promise<ImportSummary> {
  const summary = emptySummary();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let batch: QueuedRecord[] = [];
  let batchPnrs = new Set<string>();
  let batchSegments = 0;
  let linesDone = 0;

  const commit = async (throughLine: number): Promise<void> => {
    if (batch.length > 0) await importOrSplit(db, batch, options, summary);
    batch = [];
    batchPnrs = new Set();
    batchSegments = 0;
    linesDone = throughLine;
    options.onProgress?.({ linesDone, summary });
  };

  try {
    for await (const line of lines) {
      const lineNumber = ++summary.lines;
      if (line.trim() === '') continue;
      const parsed = parseBookingLine(line);
      if ('message' in parsed) {
        addMalformed(summary, lineNumber, parsed.message);
        continue;
      }
      const { record } = parsed;
      if (
        batchPnrs.has(record.pnr) ||
        batch.length >= batchSize ||
        batchSegments + record.segments.length > MAX_BATCH_SEGMENTS
      ) {
        await commit(lineNumber - 1);
      }
      batch.push({ ...parsed, lineNumber });
      batchPnrs.add(record.pnr);
      batchSegments += record.segments.length;
    }
    await commit(summary.lines);
  } catch (error) {
    throw new ImportFailed(summary, linesDone, error);
  }
  return summary;
}

function addMalformed(summary: ImportSummary, line: number, message: string): void {
  summary.malformedCount++;
  if (summary.malformed.length < MALFORMED_LIST_LIMIT) summary.malformed.push({ line, message });
}

/**
 * Imports a batch; when the database refuses its values (a record the
 * parser let through but the database cannot hold), the batch was rolled
 * back whole, so its records are imported one by one: the refused one
 * becomes a malformed line with the database's reason and its neighbours
 * are stored. Any other failure (the database gone) stops the import.
 */
async function importOrSplit(
  db: Database,
  batch: readonly QueuedRecord[],
  options: ImportOptions,
  summary: ImportSummary,
): Promise<void> {
  try {
    addBatch(summary, await importBatch(db, batch, options));
    return;
  } catch (error) {
    const refusal = databaseRefusalOf(error);
    if (refusal === null) throw error;
    if (batch.length === 1) {
      const message = `the database cannot store it (SQLSTATE ${refusal.code}): ${refusal.message}`;
      addMalformed(summary, batch[0]!.lineNumber, message.slice(0, 300));
      return;
    }
  }
  for (const queued of batch) await importOrSplit(db, [queued], options, summary);
}

type BatchOutcome = {
  accepted: number;
  updated: number;
  unchanged: number;
  rejected: Partial<Record<BookingReason, number>>;
  segments: number;
};

function addBatch(summary: ImportSummary, outcome: BatchOutcome): void {
  summary.accepted += outcome.accepted;
  summary.updated += outcome.updated;
  summary.unchanged += outcome.unchanged;
  summary.segments += outcome.segments;
  for (const [reason, count] of Object.entries(outcome.rejected) as [BookingReason, number][]) {
    summary.rejected[reason] += count;
  }
}

/** One transaction: read what the batch needs, work the changes out in memory, write them in bulk. */
function importBatch(
  db: Database,
  batch: readonly QueuedRecord[],
  options: ImportOptions,
): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    await lockBookings(tx);
    const stored = await findBookings(
      tx,
      batch.map((queued) => queued.record.pnr),
    );
    const changed = batch.filter(
      (queued) => stored.get(queued.record.pnr)?.recordHash !== queued.hash,
    );
    const outcome: BatchOutcome = {
      accepted: 0,
      updated: 0,
      unchanged: batch.length - changed.length,
      rejected: {},
      segments: 0,
    };
    if (changed.length === 0) return outcome;
    await loadSegments(
      tx,
      changed.flatMap(({ record }) => stored.get(record.pnr) ?? []),
    );

    const numbers = new Set<string>();
    const creditedIds = new Set<number>();
    const officeIds = new Set<string>();
    for (const { record } of changed) {
      const { memberNumber } = memberRemarkOf(record.remarks);
      if (memberNumber !== null) numbers.add(memberNumber);
      officeIds.add(record.officeId);
      for (const segment of stored.get(record.pnr)?.segments ?? []) {
        if (segment.creditedAgentId !== null) creditedIds.add(segment.creditedAgentId);
      }
    }
    const members = await findMembers(tx, [...numbers], [...creditedIds]);
    const officesFound = await findOffices(tx, [...officeIds]);

    const plans = changed.map(({ record, hash }) => {
      const { memberNumber } = memberRemarkOf(record.remarks);
      return planBooking({
        record,
        hash,
        stored: stored.get(record.pnr),
        member: memberNumber === null ? undefined : members.byNumber.get(memberNumber),
        office: officesFound.get(record.officeId),
        livingAgentIds: members.livingIds,
        today: options.today,
        segmentPoints: options.segmentPoints,
      });
    });
    for (const plan of plans) {
      if (plan.booking.reason === null) outcome.accepted++;
      else outcome.rejected[plan.booking.reason] = (outcome.rejected[plan.booking.reason] ?? 0) + 1;
      if (stored.has(plan.booking.pnr)) outcome.updated++;
    }
    outcome.segments = changed.reduce((sum, { record }) => sum + record.segments.length, 0);

    await writePlans(tx, plans, options.today);
    return outcome;
  });
}

/** Bookings, then segments (the ledger entries point at their row ids), then the ledger. */
async function writePlans(
  tx: Transaction,
  plans: readonly BookingPlan[],
  today: string,
): Promise<void> {
  const bookingIds = await saveBookings(
    tx,
    plans.map((plan) => plan.booking),
  );
  const idOf = (plan: BookingPlan): number => bookingIds.get(plan.booking.pnr)!;
  const needIds = new Set<string>();
  for (const plan of plans) {
    for (const change of plan.ledger) {
      if (change.segmentRowId === null) needIds.add(segmentKey(idOf(plan), change.segmentId));
    }
  }
  const segmentIds = await saveSegments(
    tx,
    plans.flatMap((plan) =>
      plan.segments.map((segment) => ({ ...segment, bookingId: idOf(plan) })),
    ),
    (row) => needIds.has(segmentKey(row.bookingId, row.segmentId)),
  );

  const agentIds = new Set<number>();
  for (const plan of plans) {
    for (const change of plan.ledger) agentIds.add(change.agentId);
    for (const count of plan.counts) agentIds.add(count.agentId);
  }
  if (agentIds.size === 0) return;
  const session = await LedgerSession.open(tx, agentIds, today);
  // In record order, reversals of a record before its credits: the outcome
  // does not depend on how the file was cut into batches.
  for (const plan of plans) {
    const bookingId = idOf(plan);
    for (const change of plan.ledger) {
      const segmentRowId =
        change.segmentRowId ?? segmentIds.get(segmentKey(bookingId, change.segmentId)) ?? null;
      if (change.kind === 'credit') {
        session.credit(change.agentId, {
          kind: 'segment',
          amount: change.amount,
          bookingId,
          segmentRowId,
          description: change.description,
        });
      } else {
        session.debit(change.agentId, {
          kind: 'reversal',
          amount: change.amount,
          creditedOn: change.creditedOn,
          bookingId,
          segmentRowId,
          description: change.description,
        });
      }
    }
    for (const count of plan.counts) session.countSegments(count.agentId, count.pending, count.ok);
  }
  await session.flush();
}
