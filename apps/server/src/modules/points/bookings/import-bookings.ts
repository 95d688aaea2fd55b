import { setImmediate } from 'node:timers/promises';
import { bookingReasonTexts, type BookingReason } from '@club/contract/points';
import type { RejectedLine } from '@club/contract/staff-bookings';
import type { Database, Transaction } from '../../../db/client.js';
import { databaseRefusalOf } from '../../../db/errors.js';
import { LedgerSession } from '../ledger.js';
import { lockBookings } from '../locks.js';
import { markRulesEarned, readRuleBook } from '../../earning-rules/rule-book.js';
import { planBooking, type BookingPlan, type StoredBooking } from './booking-plan.js';
import { bookingClaims, type ClaimOnPnr } from './booking-claims.js';
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
  /** The app clock, for when a matched claim closed (default Date.now). */
  now?: () => number;
  batchSize?: number;
  /** Called after each committed batch. */
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Told of every line that stored nothing that earns: a malformed line as it
   * is read, a record rejected by a rule or outside `countries` once its batch
   * committed (every one, where the summary lists only the first malformed).
   */
  onRejectedLine?: (line: RejectedLine) => void;
  /**
   * Only records of these countries (a manager's upload): a record naming a
   * member, an office or a stored PNR of another country is refused as a
   * malformed line and changes nothing. Absent: every country.
   */
  countries?: readonly string[];
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

/** While a batch is in flight, reading gives way to its statements' answers every this many lines. */
const LINES_BETWEEN_TURNS = 10;

/**
 * Imports booking-queue lines (JSON Lines) in batches, one transaction each.
 * A malformed line is listed and skipped; a repeated PNR closes the batch
 * first, so that the later line wins over a committed earlier one.
 *
 * The next batch is read and checked while the database works on the one
 * before (decision 035): a batch starts only once the one before it has
 * committed, so the outcome is that of one batch after another, and lines
 * read meanwhile are reported only after it, in line order.
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
  /** The batch the database works on, settled once it committed and was reported. */
  let inFlight: Promise<void> | undefined;
  /** Malformed lines read while a batch was in flight: reported once it is done. */
  let heldBack: RejectedLine[] = [];
  let linesSinceTurn = 0;

  const settle = async (): Promise<void> => {
    if (inFlight !== undefined) {
      const running = inFlight;
      inFlight = undefined;
      await running;
    }
    for (const entry of heldBack) reportLine(summary, options, entry);
    heldBack = [];
  };

  const commit = async (throughLine: number): Promise<void> => {
    await settle();
    const ready = batch;
    batch = [];
    batchPnrs = new Set();
    batchSegments = 0;
    const done = (): void => {
      linesDone = throughLine;
      options.onProgress?.({ linesDone, summary });
    };
    if (ready.length === 0) return done();
    inFlight = importOrSplit(db, ready, options, summary).then(done);
    // Awaited by the next `settle`; until then its failure must not count as unhandled.
    inFlight.catch(() => undefined);
  };

  try {
    for await (const line of lines) {
      const lineNumber = ++summary.lines;
      if (inFlight !== undefined && ++linesSinceTurn >= LINES_BETWEEN_TURNS) {
        linesSinceTurn = 0;
        await setImmediate();
      }
      if (line.trim() === '') continue;
      const parsed = parseBookingLine(line);
      if ('message' in parsed) {
        const entry: RejectedLine = {
          line: lineNumber,
          pnr: null,
          reason: 'malformed',
          message: parsed.message,
        };
        if (inFlight === undefined) reportLine(summary, options, entry);
        else heldBack.push(entry);
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
    await settle();
  } catch (error) {
    // A batch still in the database ends first: what is reported is what was committed.
    await inFlight?.catch(() => undefined);
    throw new ImportFailed(summary, linesDone, error);
  }
  return summary;
}

/** A line that stored nothing: counted and listed as malformed unless a rule rejected its booking. */
function reportLine(summary: ImportSummary, options: ImportOptions, entry: RejectedLine): void {
  if (entry.reason === 'malformed' || entry.reason === 'other-country') {
    summary.malformedCount++;
    if (summary.malformed.length < MALFORMED_LIST_LIMIT) {
      summary.malformed.push({ line: entry.line, message: entry.message });
    }
  }
  options.onRejectedLine?.(entry);
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
    addBatch(summary, options, await importBatch(db, batch, options));
    return;
  } catch (error) {
    const refusal = databaseRefusalOf(error);
    if (refusal === null) throw error;
    if (batch.length === 1) {
      const message = `the database cannot store it (SQLSTATE ${refusal.code}): ${refusal.message}`;
      const { lineNumber, record } = batch[0]!;
      reportLine(summary, options, {
        line: lineNumber,
        pnr: record.pnr,
        reason: 'malformed',
        message: message.slice(0, 300),
      });
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
  /** Records stored as rejected, and records refused as outside the import's countries. */
  rejectedLines: RejectedLine[];
};

function addBatch(summary: ImportSummary, options: ImportOptions, outcome: BatchOutcome): void {
  for (const entry of outcome.rejectedLines) reportLine(summary, options, entry);
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
    const outside =
      options.countries === undefined
        ? new Map<QueuedRecord, string>()
        : await outsideCountries(tx, batch, stored, options.countries);
    const inside = batch.filter((queued) => !outside.has(queued));
    const changed = inside.filter(
      (queued) => stored.get(queued.record.pnr)?.recordHash !== queued.hash,
    );
    const outcome: BatchOutcome = {
      accepted: 0,
      updated: 0,
      unchanged: inside.length - changed.length,
      rejected: {},
      segments: 0,
      rejectedLines: [...outside].map(([queued, message]) => ({
        line: queued.lineNumber,
        pnr: queued.record.pnr,
        reason: 'other-country' as const,
        message,
      })),
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
    const claims = await bookingClaims().lockClaims(
      tx,
      changed.map(({ record }) => record.pnr),
    );
    const claimsOf = (pnr: string): ClaimOnPnr[] => claims.filter((claim) => claim.pnr === pnr);
    // Once per batch, in its transaction: an end waits for the batch (decision 039).
    const rules = await readRuleBook(tx, { lock: true });

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
        rules,
        approvedClaim: claimsOf(record.pnr).find((claim) => claim.state === 'approved'),
      });
    });
    plans.forEach((plan, index) => {
      const { reason, pnr } = plan.booking;
      if (reason === null) outcome.accepted++;
      else {
        outcome.rejected[reason] = (outcome.rejected[reason] ?? 0) + 1;
        const line = changed[index]!.lineNumber;
        outcome.rejectedLines.push({ line, pnr, reason, message: bookingReasonTexts[reason] });
      }
      if (stored.has(pnr)) outcome.updated++;
    });
    outcome.segments = changed.reduce((sum, { record }) => sum + record.segments.length, 0);

    const bookingIds = await writePlans(tx, plans, options.today, stored);
    const earnedUnder = new Set<number>();
    for (const plan of plans) {
      for (const segment of plan.segments)
        for (const id of segment.earningRuleIds) earnedUnder.add(id);
    }
    await markRulesEarned(tx, earnedUnder, new Date((options.now ?? Date.now)()));
    // A booking stored as the claimant's closes their open claim: its points come with it.
    const matches = plans.flatMap((plan) =>
      plan.booking.state !== 'accepted'
        ? []
        : claimsOf(plan.booking.pnr)
            .filter((claim) => claim.state === 'open' && claim.agentId === plan.booking.agentId)
            .map((claim) => ({
              claimId: claim.claimId,
              bookingId: bookingIds.get(plan.booking.pnr)!,
            })),
    );
    if (matches.length > 0)
      await bookingClaims().matched(tx, matches, new Date((options.now ?? Date.now)()));
    return outcome;
  });
}

/** What a manager's upload answers for anything outside their countries, whatever it is. */
export const notInYourCountries = 'not in your countries';

/**
 * The records of a batch a manager's upload may not change: a member number
 * or office that is not of `countries` (another country's, or no one's), or
 * a stored PNR of another country. Each is answered only
 * {@link notInYourCountries}: the same whether the member, office or PNR is
 * another country's or unknown, so an upload tells a manager nothing of what
 * exists outside their countries. A record that names no member is judged by
 * the rules (and rejected).
 */
async function outsideCountries(
  tx: Transaction,
  batch: readonly QueuedRecord[],
  stored: ReadonlyMap<string, { agentId: number | null; officeCountryCode?: string | null }>,
  countries: readonly string[],
): Promise<Map<QueuedRecord, string>> {
  const numbers = new Set<string>();
  const storedAgentIds = new Set<number>();
  for (const { record } of batch) {
    const { memberNumber } = memberRemarkOf(record.remarks);
    if (memberNumber !== null) numbers.add(memberNumber);
    const agentId = stored.get(record.pnr)?.agentId;
    if (agentId != null) storedAgentIds.add(agentId);
  }
  const members = await findMembers(tx, [...numbers], [...storedAgentIds]);
  const officesFound = await findOffices(
    tx,
    batch.map(({ record }) => record.officeId),
  );
  const countryOfId = new Map([...members.byNumber.values()].map((m) => [m.id, m.countryCode]));
  const ours = (country: string | null | undefined) =>
    country != null && countries.includes(country);
  const outside = new Map<QueuedRecord, string>();
  for (const queued of batch) {
    const { record } = queued;
    const { memberNumber } = memberRemarkOf(record.remarks);
    const booking = stored.get(record.pnr);
    const member = memberNumber === null ? undefined : members.byNumber.get(memberNumber);
    if (
      (memberNumber !== null && !ours(member?.countryCode)) ||
      !ours(officesFound.get(record.officeId)?.countryCode) ||
      (booking !== undefined &&
        ((booking.officeCountryCode != null && !ours(booking.officeCountryCode)) ||
          (booking.agentId !== null && !ours(countryOfId.get(booking.agentId)))))
    ) {
      outside.set(queued, notInYourCountries);
    }
  }
  return outside;
}

/** Bookings, then segments (the ledger entries point at their row ids), then the ledger. */
async function writePlans(
  tx: Transaction,
  plans: readonly BookingPlan[],
  today: string,
  stored: ReadonlyMap<string, StoredBooking>,
): Promise<Map<string, number>> {
  const bookingIds = await saveBookings(
    tx,
    plans.map((plan) => plan.booking),
    (pnr) => stored.has(pnr),
  );
  const storedIds = new Set([...stored.values()].map((booking) => booking.id));
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
    (row) => storedIds.has(row.bookingId),
  );

  const agentIds = new Set<number>();
  for (const plan of plans) {
    for (const change of plan.ledger) agentIds.add(change.agentId);
    for (const count of plan.counts) agentIds.add(count.agentId);
  }
  if (agentIds.size === 0) return bookingIds;
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
          campaignPoints: change.campaignPoints,
          bookingId,
          segmentRowId,
          description: change.description,
        });
      } else {
        session.debit(change.agentId, {
          kind: 'reversal',
          amount: change.amount,
          campaignPoints: change.campaignPoints,
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
  return bookingIds;
}
