import { and, asc, eq, sql } from 'drizzle-orm';
import type { App } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import {
  bookings,
  bookingSegments,
  pointBalances,
  pointEntries,
  pointLots,
} from '../modules/points/schema.js';
import type { ImportSummary } from '../modules/points/bookings/import-summary.js';

/** Helpers of the booking-queue tests: records, the queue call, and the ledger's invariants. */

export const QUEUE_KEY = 'test-queue-key-0123456789abcdef';

/** Test config with the queue endpoint on. */
export function queueConfig(overrides: Partial<Config['points']> = {}): Partial<Config> {
  return {
    points: { ...loadConfig({}).points, bookingQueueApiKey: QUEUE_KEY, ...overrides },
  };
}

export type SegmentInput = {
  id?: string;
  kind?: 'air' | 'hotel' | 'car' | 'rail';
  status?: string;
  serviceDate?: string;
  endDate?: string;
  used?: boolean;
};

export type RecordInput = {
  pnr: string;
  officeId?: string;
  createdOn?: string;
  remarks?: string[];
  segments?: SegmentInput[];
};

/** A record with defaults: office ATHGR0001 (fixture, gr, active), one booked air segment. */
export function bookingRecord(input: RecordInput & { member?: string }) {
  return {
    pnr: input.pnr,
    officeId: input.officeId ?? 'ATHGR0001',
    createdOn: input.createdOn ?? '2026-10-01',
    remarks: input.remarks ?? (input.member === undefined ? [] : [`RM*AMA ${input.member}`]),
    segments: (input.segments ?? [{}]).map((segment, index) => ({
      id: segment.id ?? String(index + 1),
      kind: segment.kind ?? 'air',
      status: segment.status ?? 'HK',
      serviceDate: segment.serviceDate ?? '2026-12-01',
      ...(segment.endDate === undefined ? {} : { endDate: segment.endDate }),
      ...(segment.used === undefined ? {} : { used: segment.used }),
    })),
  };
}

export const jsonLines = (records: readonly unknown[]): string =>
  records
    .map((record) => (typeof record === 'string' ? record : JSON.stringify(record)))
    .join('\n') + '\n';

export function postQueue(
  app: App,
  body: string,
  headers: Record<string, string> = { authorization: `ApiKey ${QUEUE_KEY}` },
) {
  return app.inject({
    method: 'POST',
    url: '/s2c/bookings/v1/queue',
    headers: { 'content-type': 'application/x-ndjson', ...headers },
    payload: body,
  });
}

/** Sends records through the queue call; throws unless it answers 200. */
export async function sendQueue(app: App, records: readonly unknown[]): Promise<ImportSummary> {
  const response = await postQueue(app, jsonLines(records));
  if (response.statusCode !== 200) {
    throw new Error(`queue answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<{ data: ImportSummary }>().data;
}

export async function bookingOf(db: Database, pnr: string) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.pnr, pnr));
  if (booking === undefined) throw new Error(`No booking ${pnr}`);
  const segments = await db
    .select()
    .from(bookingSegments)
    .where(eq(bookingSegments.bookingId, booking.id))
    .orderBy(asc(bookingSegments.segmentId));
  return { ...booking, segments };
}

export async function balanceOf(db: Database, agentId: number) {
  const [balance] = await db.select().from(pointBalances).where(eq(pointBalances.agentId, agentId));
  return balance;
}

export async function entriesOf(db: Database, agentId: number) {
  return db
    .select()
    .from(pointEntries)
    .where(eq(pointEntries.agentId, agentId))
    .orderBy(asc(pointEntries.id));
}

/**
 * Breaches of the ledger's invariants, for every member with a balance:
 * available equals the sum of the entries and the lots' remaining points,
 * and the segment counts equal a count of the non-cancelled segments of
 * accepted bookings. Tests expect none.
 */
export async function ledgerProblems(db: Database): Promise<string[]> {
  const balances = await db.select().from(pointBalances);
  const entrySums = await db
    .select({
      agentId: pointEntries.agentId,
      total: sql<number>`sum(${pointEntries.amount})::int`,
    })
    .from(pointEntries)
    .groupBy(pointEntries.agentId);
  const lotSums = await db
    .select({ agentId: pointLots.agentId, total: sql<number>`sum(${pointLots.remaining})::int` })
    .from(pointLots)
    .groupBy(pointLots.agentId);
  const segmentCounts = await db
    .select({
      agentId: bookings.agentId,
      status: bookingSegments.status,
      total: sql<number>`count(*)::int`,
    })
    .from(bookingSegments)
    .innerJoin(bookings, eq(bookings.id, bookingSegments.bookingId))
    .where(and(eq(bookings.state, 'accepted'), sql`${bookingSegments.status} <> 'XX'`))
    .groupBy(bookings.agentId, bookingSegments.status);
  const countOf = (agentId: number, status: string) =>
    segmentCounts.find((row) => row.agentId === agentId && row.status === status)?.total ?? 0;

  const problems: string[] = [];
  const check = (what: string, actual: number, expected: number) => {
    if (actual !== expected) problems.push(`${what}: ${actual}, expected ${expected}`);
  };
  for (const balance of balances) {
    const id = balance.agentId;
    const entries = entrySums.find((row) => row.agentId === id)?.total ?? 0;
    const lots = lotSums.find((row) => row.agentId === id)?.total ?? 0;
    check(`member ${id} available vs entries`, balance.available, entries);
    check(`member ${id} available vs lots`, balance.available, lots);
    check(`member ${id} segmentsPd`, balance.segmentsPd, countOf(id, 'PD'));
    check(`member ${id} segmentsOk`, balance.segmentsOk, countOf(id, 'OK'));
  }
  for (const row of segmentCounts) {
    if (!balances.some((balance) => balance.agentId === row.agentId)) {
      problems.push(`member ${row.agentId} has counted segments but no balance`);
    }
  }
  return problems;
}
