import { and, asc, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookingSegments, bookings } from './schema.js';

export type PnrWithSegments = {
  pnr: string;
  createdOn: string;
  /** The missing-points claim that credited its points (it earns nothing itself), else null. */
  claimId: number | null;
  /** Its live segments (cancelled ones left out), by service date. */
  segments: (typeof bookingSegments.$inferSelect)[];
};

/**
 * A member's accepted PNRs, newest first, each with its live segments: the
 * points page's PNR list and the statement read them alike. `conditions`
 * narrow the PNRs further (a search); `limit` caps how many are read.
 */
export async function acceptedPnrsWithSegments(
  db: Database,
  agentId: number,
  conditions: readonly SQL[],
  limit: number,
): Promise<PnrWithSegments[]> {
  const found = await db
    .select({
      id: bookings.id,
      pnr: bookings.pnr,
      createdOn: bookings.createdOn,
      claimId: bookings.claimId,
    })
    .from(bookings)
    .where(and(eq(bookings.agentId, agentId), eq(bookings.state, 'accepted'), ...conditions))
    .orderBy(desc(bookings.createdOn), desc(bookings.id))
    .limit(limit);
  if (found.length === 0) return [];
  const segments = await db
    .select()
    .from(bookingSegments)
    .where(
      and(
        inArray(
          bookingSegments.bookingId,
          found.map((booking) => booking.id),
        ),
        ne(bookingSegments.status, 'XX'),
      ),
    )
    .orderBy(asc(bookingSegments.serviceDate), asc(bookingSegments.segmentId));
  const byBooking = new Map<number, PnrWithSegments['segments']>();
  for (const segment of segments) {
    const own = byBooking.get(segment.bookingId);
    if (own === undefined) byBooking.set(segment.bookingId, [segment]);
    else own.push(segment);
  }
  return found.map((booking) => ({
    pnr: booking.pnr,
    createdOn: booking.createdOn,
    claimId: booking.claimId,
    segments: byBooking.get(booking.id) ?? [],
  }));
}
