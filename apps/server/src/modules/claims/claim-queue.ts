import { and, asc, count, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  CLAIM_QUEUE_PAGE_SIZE,
  type ClaimState,
  type StaffClaim,
  type StaffClaimDetail,
} from '@club/contract/claims';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { agents } from '../agents/schema.js';
import { bookings, bookingSegments } from '../points/schema.js';
import type { RuleBook } from '../earning-rules/rule-book.js';
import { claimWorth } from './claim-worth.js';
import { memberClaimOf } from './member-claims.js';
import { missingPointsClaims } from './schema.js';

/** The console's claims queue and a claim's page (docs/staff-console.md, "Claims"). */

const staffColumns = {
  claim: missingPointsClaims,
  memberNumber: agents.number,
  firstName: agents.firstName,
  lastName: agents.lastName,
};

type StaffRow = {
  claim: typeof missingPointsClaims.$inferSelect;
  memberNumber: string;
  firstName: string;
  lastName: string;
};

const staffClaimOf = (row: StaffRow): StaffClaim => ({
  ...memberClaimOf(row.claim),
  memberNumber: row.memberNumber,
  memberName: `${row.firstName} ${row.lastName}`.trim(),
  countryCode: row.claim.countryCode,
  decidedBy: row.claim.decidedBy ?? null,
});

export type QueueFilter = {
  state?: ClaimState;
  /** Countries to keep to: null for every one (an admin without a country filter). */
  countries: readonly string[] | null;
  /** Filed at least this many days before `now`. */
  olderThanDays?: number;
  page: number;
  now: Date;
};

/** Claims of a state and countries, the oldest first, a page at a time, with their total. */
export async function claimQueue(
  db: Database,
  filter: QueueFilter,
): Promise<{ items: StaffClaim[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.state !== undefined) conditions.push(eq(missingPointsClaims.state, filter.state));
  if (filter.countries !== null) {
    if (filter.countries.length === 0) return { items: [], total: 0 };
    conditions.push(inArray(missingPointsClaims.countryCode, [...filter.countries]));
  }
  if (filter.olderThanDays !== undefined && filter.olderThanDays > 0) {
    const before = new Date(filter.now.getTime() - filter.olderThanDays * 86_400_000);
    conditions.push(lte(missingPointsClaims.filedAt, before));
  }
  const where = conditions.length === 0 ? undefined : and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(staffColumns)
      .from(missingPointsClaims)
      .innerJoin(agents, eq(agents.id, missingPointsClaims.agentId))
      .where(where)
      .orderBy(asc(missingPointsClaims.filedAt), asc(missingPointsClaims.id))
      .limit(CLAIM_QUEUE_PAGE_SIZE)
      .offset(filter.page * CLAIM_QUEUE_PAGE_SIZE),
    db.select({ total: count() }).from(missingPointsClaims).where(where),
  ]);
  return { items: rows.map(staffClaimOf), total: Number(total?.total ?? 0) };
}

/** A claim with its member, for staff; undefined for an unknown id. */
export async function staffClaim(
  db: Database,
  id: number,
): Promise<(StaffClaim & { agentId: number }) | undefined> {
  const [row] = await db
    .select(staffColumns)
    .from(missingPointsClaims)
    .innerJoin(agents, eq(agents.id, missingPointsClaims.agentId))
    .where(eq(missingPointsClaims.id, id));
  return row === undefined ? undefined : { ...staffClaimOf(row), agentId: row.claim.agentId };
}

type RejectedLineRow = {
  importId: number;
  importedAt: Date | string;
  source: 'console' | 'command-line' | 'booking-queue';
  fileName: string;
  line: { line: number; reason: string; message: string };
};

/**
 * What staff read to decide: the booking stored for the PNR now, every
 * rejected line of the PNR kept by the import history (queue, uploads and
 * the command line alike), and what the booking would earn.
 */
export async function claimEvidence(
  db: Database,
  claim: StaffClaim,
  rules: RuleBook,
): Promise<Pick<StaffClaimDetail, 'booking' | 'importHistory' | 'proposedPoints'>> {
  const [bookingRows, lines] = await Promise.all([
    db
      .select({
        id: bookings.id,
        state: bookings.state,
        reason: bookings.reason,
        memberNumber: bookings.memberNumber,
        createdOn: bookings.createdOn,
      })
      .from(bookings)
      .where(eq(bookings.pnr, claim.pnr)),
    db.execute(sql`
      select i.id as "importId", i.started_at as "importedAt", i.source, i.file_name as "fileName",
        line.value as line
      from booking_imports i, jsonb_array_elements(i.rejected_lines) as line(value)
      where line.value->>'pnr' = ${claim.pnr}
      order by i.started_at, i.id, (line.value->>'line')::int`),
  ]);
  const stored = bookingRows[0];
  const segments =
    stored === undefined
      ? []
      : await db
          .select({
            kind: bookingSegments.kind,
            serviceDate: bookingSegments.serviceDate,
            status: bookingSegments.status,
            points: bookingSegments.points,
          })
          .from(bookingSegments)
          .where(eq(bookingSegments.bookingId, stored.id))
          .orderBy(asc(bookingSegments.serviceDate), asc(bookingSegments.id));
  return {
    booking:
      stored === undefined
        ? null
        : {
            state: stored.state,
            reason: stored.reason ?? null,
            memberNumber: stored.memberNumber ?? null,
            createdOn: stored.createdOn,
            segments,
          },
    importHistory: rowsOf<RejectedLineRow>(lines).map((row) => ({
      importId: Number(row.importId),
      importedAt: new Date(row.importedAt).toISOString(),
      source: row.source,
      fileName: row.fileName,
      line: Number(row.line.line),
      reason: String(row.line.reason),
      message: String(row.line.message),
    })),
    proposedPoints: claimWorth(
      rules,
      claim.countryCode,
      stored === undefined ? null : { createdOn: stored.createdOn, segments },
      claim,
    ),
  };
}
