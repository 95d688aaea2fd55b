import { asc, eq } from 'drizzle-orm';
import { appliedRuleOf, type Simulation } from '@club/contract/earning-rules';
import type { Database } from '../../db/client.js';
import { agents } from '../agents/schema.js';
import { offices } from '../offices/schema.js';
import { parseBookingLine } from '../points/bookings/booking-record.js';
import { bookings, bookingSegments } from '../points/schema.js';
import { memberRemarkOf, segmentStatusOf } from '../points/bookings/booking-rules.js';
import { readRuleBook } from '../earning-rules/rule-book.js';

/**
 * The simulator: what a booking record would earn, segment by segment, under
 * the rules of today's database, with the rules that give each segment its
 * points. Nothing is stored. The record's own acceptance (remark, office)
 * is the import's business; the simulator shows the earning.
 */
export async function simulateRecord(
  db: Database,
  request: { record: string; country?: string | undefined },
  today: string,
): Promise<Simulation | { message: string }> {
  const parsed = parseBookingLine(request.record);
  if ('message' in parsed) return { message: parsed.message };
  const { record } = parsed;
  const country = await countryOf(db, record, request.country);
  if (country === null) {
    return { message: 'The record names no member and no office the club knows: choose a country' };
  }
  const rules = await readRuleBook(db);
  const segments = record.segments.map((segment) => {
    const status = segmentStatusOf(segment, today);
    const earned =
      status === 'XX'
        ? { points: 0, rules: [] }
        : rules.earn(country, segment.kind, {
            travel: segment.serviceDate,
            booking: record.createdOn,
          });
    return {
      segmentId: segment.id,
      kind: segment.kind,
      serviceDate: segment.serviceDate,
      status,
      points: earned.points,
      rules: earned.rules.map((rule) => appliedRuleOf(rule)),
    };
  });
  return {
    pnr: record.pnr,
    country,
    createdOn: record.createdOn,
    segments,
    total: segments.reduce((sum, segment) => sum + segment.points, 0),
  };
}

type Record = Extract<ReturnType<typeof parseBookingLine>, { record: unknown }>['record'];

/** The member's country (the remark), else the one asked, else the office's. */
async function countryOf(
  db: Database,
  record: Record,
  asked: string | undefined,
): Promise<string | null> {
  const { memberNumber } = memberRemarkOf(record.remarks);
  if (memberNumber !== null) {
    const [member] = await db
      .select({ countryCode: agents.countryCode })
      .from(agents)
      .where(eq(agents.number, memberNumber));
    if (member !== undefined) return member.countryCode;
  }
  if (asked !== undefined) return asked;
  const [office] = await db
    .select({ countryCode: offices.countryCode })
    .from(offices)
    .where(eq(offices.officeId, record.officeId));
  return office?.countryCode ?? null;
}

/**
 * An imported booking under today's rules: its stored segments (their
 * status as stored), in the country of the member it names, else of its
 * office. Undefined when no booking of the PNR is stored.
 */
export async function simulateStored(db: Database, pnr: string): Promise<Simulation | undefined> {
  const [booking] = await db
    .select({
      id: bookings.id,
      pnr: bookings.pnr,
      createdOn: bookings.createdOn,
      memberCountry: agents.countryCode,
      officeCountry: bookings.officeCountryCode,
    })
    .from(bookings)
    .leftJoin(agents, eq(agents.id, bookings.agentId))
    .where(eq(bookings.pnr, pnr));
  const country = booking?.memberCountry ?? booking?.officeCountry ?? null;
  if (booking === undefined || country === null) return undefined;
  const [rules, segments] = await Promise.all([
    readRuleBook(db),
    db
      .select()
      .from(bookingSegments)
      .where(eq(bookingSegments.bookingId, booking.id))
      .orderBy(asc(bookingSegments.serviceDate), asc(bookingSegments.segmentId)),
  ]);
  const simulated = segments.map((segment) => {
    const earned =
      segment.status === 'XX'
        ? { points: 0, rules: [] }
        : rules.earn(country, segment.kind, {
            travel: segment.serviceDate,
            booking: booking.createdOn,
          });
    return {
      segmentId: segment.segmentId,
      kind: segment.kind,
      serviceDate: segment.serviceDate,
      status: segment.status,
      points: earned.points,
      rules: earned.rules.map((rule) => appliedRuleOf(rule)),
    };
  });
  return {
    pnr: booking.pnr,
    country,
    createdOn: booking.createdOn,
    segments: simulated,
    total: simulated.reduce((sum, segment) => sum + segment.points, 0),
  };
}
