import type { SegmentKind } from '@club/contract/points';
import type { Database } from '../db/client.js';
import { LedgerSession, type EntryDescription } from '../modules/points/ledger.js';
import { bookingSegments, bookings } from '../modules/points/schema.js';

/**
 * Test data of the points module: bookings and credits written the way the
 * import and the clock write them, for tests of the pages and reports.
 */
export type TestSegment = {
  kind: SegmentKind;
  serviceDate: string;
  status: 'PD' | 'OK' | 'XX';
  points?: number;
};

export async function insertBooking(
  db: Database,
  booking: {
    pnr: string;
    agentId: number | null;
    memberNumber?: string | null;
    officeId?: string;
    officeCountryCode?: string | null;
    createdOn: string;
    state?: 'accepted' | 'rejected';
    reason?: (typeof bookings.$inferInsert)['reason'];
    segments?: TestSegment[];
    /** The credit day of the OK segments (default: the booking day). */
    creditedOn?: string;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookings)
      .values({
        pnr: booking.pnr,
        officeId: booking.officeId ?? 'ATHGR0001',
        officeCountryCode:
          booking.officeCountryCode === undefined ? 'gr' : booking.officeCountryCode,
        createdOn: booking.createdOn,
        memberNumber: booking.memberNumber ?? null,
        agentId: booking.agentId,
        state: booking.state ?? 'accepted',
        reason: booking.reason ?? null,
        recordHash: `test-${booking.pnr}`,
      })
      .returning({ id: bookings.id });
    const bookingId = row!.id;
    const segments = booking.segments ?? [];
    const creditedOn = booking.creditedOn ?? booking.createdOn;
    const session =
      booking.agentId === null || booking.state === 'rejected'
        ? undefined
        : await LedgerSession.open(tx, [booking.agentId], creditedOn);
    for (const [index, segment] of segments.entries()) {
      const credited = segment.status === 'OK' && session !== undefined;
      const points = credited ? (segment.points ?? 5) : 0;
      const [inserted] = await tx
        .insert(bookingSegments)
        .values({
          bookingId,
          segmentId: String(index + 1),
          kind: segment.kind,
          sourceStatus: segment.status === 'XX' ? 'HX' : 'HK',
          status: segment.status,
          serviceDate: segment.serviceDate,
          points,
          creditedOn: credited ? creditedOn : null,
          creditedAgentId: credited ? booking.agentId : null,
        })
        .returning({ id: bookingSegments.id });
      if (session !== undefined && booking.agentId !== null && segment.status !== 'XX') {
        session.countSegments(booking.agentId, segment.status === 'PD' ? 1 : 0, credited ? 1 : 0);
        if (credited)
          session.credit(booking.agentId, {
            kind: 'segment',
            amount: points,
            bookingId,
            segmentRowId: inserted!.id,
          });
      }
    }
    await session?.flush();
    return bookingId;
  });
}

/** Additional points (a bonus or adjustment) credited on `day`. */
export async function creditAdditional(
  db: Database,
  agentId: number,
  day: string,
  amount: number,
  description: EntryDescription,
): Promise<void> {
  await db.transaction(async (tx) => {
    const session = await LedgerSession.open(tx, [agentId], day);
    session.credit(agentId, { kind: 'additional', amount, description });
    await session.flush();
  });
}
