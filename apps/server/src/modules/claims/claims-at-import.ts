import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BookingClaims, ClaimOnPnr } from '../points/bookings/booking-claims.js';
import { missingPointsClaims } from './schema.js';

/**
 * The claims the booking import consults (points/bookings/booking-claims.ts):
 * an approved claim makes its member's booking of the PNR earn nothing, and
 * a booking stored for the claimant closes their open claim as `matched`.
 */
export const claimsAtImport: BookingClaims = {
  async lockClaims(tx, pnrs) {
    if (pnrs.length === 0) return [];
    const rows = await tx
      .select({
        claimId: missingPointsClaims.id,
        agentId: missingPointsClaims.agentId,
        pnr: missingPointsClaims.pnr,
        state: missingPointsClaims.state,
      })
      .from(missingPointsClaims)
      .where(
        and(
          inArray(missingPointsClaims.pnr, [...new Set(pnrs)]),
          inArray(missingPointsClaims.state, ['open', 'approved']),
        ),
      )
      .orderBy(missingPointsClaims.id)
      .for('update');
    return rows as ClaimOnPnr[];
  },

  async matched(tx, matches, at) {
    for (const { claimId, bookingId } of matches) {
      await tx
        .update(missingPointsClaims)
        .set({ state: 'matched', bookingId, decidedAt: at, decidedBy: 'booking import' })
        .where(
          and(eq(missingPointsClaims.id, claimId), sql`${missingPointsClaims.state} = 'open'`),
        );
    }
  },
};
