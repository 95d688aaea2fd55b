import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ClaimState } from '@club/contract/claims';
import type { SegmentKind } from '@club/contract/points';
import { agents } from '../agents/schema.js';
import { pointEntries } from '../points/schema.js';

/**
 * Missing-points claims (docs/bookings.md, "Missing-points claims"): a
 * member's request for the points of a PNR that earned nothing, and the
 * staff decision on it. `open` until staff approve (the credit's ledger
 * entry named here) or reject it, or a booking of the PNR arrives for the
 * member and earns (`matched`, the booking named here).
 */
export const missingPointsClaims = pgTable(
  'missing_points_claims',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** The member's country when filed: managers see their countries' claims. */
    countryCode: varchar({ length: 2 }).notNull(),
    /** Record locator, upper-case. */
    pnr: varchar({ length: 8 }).notNull(),
    travelDate: date({ mode: 'string' }).notNull(),
    booked: text().$type<SegmentKind>(),
    note: text(),
    state: text().$type<ClaimState>().notNull().default('open'),
    /** Points credited by the approval. */
    points: integer().notNull().default(0),
    /** The decision's reason, which the member reads. */
    reason: text(),
    filedAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    /** Who decided, as the audit log names them. */
    decidedBy: text(),
    decidedByStaffId: integer(),
    /** The approval's ledger entry. */
    entryId: bigint({ mode: 'number' }).references(() => pointEntries.id, { onDelete: 'set null' }),
    /** The booking that matched it. */
    bookingId: integer(),
  },
  (t) => [
    // One open claim per member and PNR.
    uniqueIndex('missing_points_claims_open_idx')
      .on(t.agentId, t.pnr)
      .where(sql`${t.state} = 'open'`),
    // The queue: a state, oldest first; and a country's.
    index('missing_points_claims_queue_idx').on(t.state, t.filedAt),
    index('missing_points_claims_country_idx').on(t.countryCode, t.state, t.filedAt),
    index('missing_points_claims_agent_idx').on(t.agentId, t.filedAt),
    index('missing_points_claims_pnr_idx').on(t.pnr),
    check(
      'missing_points_claims_state_check',
      sql`${t.state} in ('open', 'approved', 'rejected', 'matched')`,
    ),
  ],
);
