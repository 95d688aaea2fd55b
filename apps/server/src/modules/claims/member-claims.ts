import { and, desc, eq, sql } from 'drizzle-orm';
import { claimMessages, type MemberClaim } from '@club/contract/claims';
import type { Database } from '../../db/client.js';
import { validationFailed } from '../../lib/http-error.js';
import { agents } from '../agents/schema.js';
import { bookings } from '../points/schema.js';
import { missingPointsClaims } from './schema.js';

/**
 * A member's own claims: filing one (the refusals of docs/bookings.md,
 * "Missing-points claims") and the list on the points page.
 */

export type ClaimRow = typeof missingPointsClaims.$inferSelect;

export function memberClaimOf(row: ClaimRow): MemberClaim {
  return {
    id: row.id,
    pnr: row.pnr,
    travelDate: row.travelDate,
    booked: row.booked ?? null,
    note: row.note ?? null,
    state: row.state,
    points: row.points,
    reason: row.reason ?? null,
    filedAt: row.filedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export type NewClaim = {
  pnr: string;
  travelDate: string;
  booked: MemberClaim['booked'];
  note: string | null;
};

/**
 * Files a claim, refused (400, a keyed message on its field) when the PNR
 * already earned the member points (its booking, or an approved claim), is
 * the member's and still pending, has an open claim of the member's, or the
 * member has `openLimit` claims open. The member's row is locked first, so
 * that two claims filed at once are counted one after the other.
 */
export async function fileClaim(
  db: Database,
  member: { id: number; countryCode: string },
  claim: NewClaim,
  context: { now: Date; openLimit: number },
): Promise<MemberClaim> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.id, member.id))
      .for('no key update');
    const [booking] = await tx
      .select({
        agentId: bookings.agentId,
        state: bookings.state,
        claimId: bookings.claimId,
        earned: sql<number>`(select coalesce(sum(s.points), 0)::int from booking_segments s
          where s.booking_id = bookings.id and s.credited_agent_id = ${member.id})`,
      })
      .from(bookings)
      .where(eq(bookings.pnr, claim.pnr));
    if (booking !== undefined && booking.agentId === member.id && booking.state === 'accepted') {
      throw validationFailed({
        pnr:
          Number(booking.earned) > 0 || booking.claimId !== null
            ? claimMessages.alreadyEarned
            : claimMessages.pending,
      });
    }
    const claims = await tx
      .select({ pnr: missingPointsClaims.pnr, state: missingPointsClaims.state })
      .from(missingPointsClaims)
      .where(
        and(
          eq(missingPointsClaims.agentId, member.id),
          sql`${missingPointsClaims.state} in ('open', 'approved')`,
        ),
      );
    const ofPnr = claims.filter((row) => row.pnr === claim.pnr);
    if (ofPnr.some((row) => row.state === 'approved')) {
      throw validationFailed({ pnr: claimMessages.alreadyEarned });
    }
    if (ofPnr.length > 0) throw validationFailed({ pnr: claimMessages.alreadyOpen });
    const open = claims.filter((row) => row.state === 'open').length;
    if (open >= context.openLimit) throw validationFailed({ claim: claimMessages.tooManyOpen });
    const [row] = await tx
      .insert(missingPointsClaims)
      .values({
        agentId: member.id,
        countryCode: member.countryCode,
        pnr: claim.pnr,
        travelDate: claim.travelDate,
        booked: claim.booked,
        note: claim.note,
        filedAt: context.now,
      })
      .returning();
    return memberClaimOf(row!);
  });
}

/** The member's claims, newest first. */
export async function memberClaims(db: Database, agentId: number): Promise<MemberClaim[]> {
  const rows = await db
    .select()
    .from(missingPointsClaims)
    .where(eq(missingPointsClaims.agentId, agentId))
    .orderBy(desc(missingPointsClaims.filedAt), desc(missingPointsClaims.id))
    .limit(200);
  return rows.map(memberClaimOf);
}
