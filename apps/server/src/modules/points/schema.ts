import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { BookingReason, SegmentKind } from '@club/contract/points';
import type { LedgerDescription } from '@club/contract/ledger-descriptions';
import { agents } from '../agents/schema.js';

/**
 * Bookings from the reservation system's queue, one row per PNR, kept whether
 * they earned points or not: a rejected booking keeps its reason so that the
 * member can see why it earned nothing.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Record locator, upper-case. */
    pnr: varchar({ length: 8 }).notNull().unique(),
    officeId: varchar({ length: 20 }).notNull(),
    /** The office's country in the directory, null for an unknown office. */
    officeCountryCode: varchar({ length: 2 }),
    createdOn: date({ mode: 'string' }).notNull(),
    /** The number named by the remark, even when it is no member's. */
    memberNumber: varchar({ length: 20 }),
    /** The member credited; null when the booking was rejected before a member was found. */
    agentId: integer().references(() => agents.id, { onDelete: 'set null' }),
    state: text().$type<'accepted' | 'rejected'>().notNull(),
    reason: text().$type<BookingReason>(),
    /** Hash of the normalised record: importing the same record again changes nothing. */
    recordHash: text().notNull(),
    /**
     * The missing-points claim that credited this PNR's points before the
     * booking arrived: its segments earn nothing (the member reads why).
     */
    claimId: integer(),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_agent_idx').on(t.agentId, t.createdOn),
    index('bookings_member_number_idx').on(t.memberNumber),
  ],
);

/**
 * Segments of a booking. `PD` while booked, `OK` once flown or used (then
 * credited), `XX` once cancelled or gone from the record (dropped from every
 * count and list; its credit reversed).
 */
export const bookingSegments = pgTable(
  'booking_segments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The reservation system's stable id of the segment within the PNR. */
    segmentId: varchar({ length: 40 }).notNull(),
    kind: text().$type<SegmentKind>().notNull(),
    /** The reservation system's status code, as received. */
    sourceStatus: varchar({ length: 4 }).notNull(),
    status: text().$type<'PD' | 'OK' | 'XX'>().notNull(),
    serviceDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    /** The record says the segment was flown or used. */
    used: boolean().notNull().default(false),
    /** Points credited for this segment (0 until credited). */
    points: integer().notNull().default(0),
    /** Date of the credit, which sets its expiry. */
    creditedOn: date({ mode: 'string' }),
    /** The member the credit went to (a changed remark moves it). */
    creditedAgentId: integer(),
    /** The earning rules that gave `points` (earning_rules ids; empty until credited). */
    earningRuleIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [
    uniqueIndex('booking_segments_booking_segment_idx').on(t.bookingId, t.segmentId),
    // The clock job finds pending segments whose service is over.
    index('booking_segments_pending_idx')
      .on(t.serviceDate)
      .where(sql`${t.status} = 'PD'`),
  ],
);

export type LedgerEntryKind =
  /** Credit for an OK segment. */
  | 'segment'
  /** Credit of additional points: bonus, promotion, manual adjustment. */
  | 'additional'
  /** Debit for a gift order. */
  | 'order'
  /** Credit back of a failed order's points. */
  | 'refund'
  /** Debit of points that lapsed three years after their credit. */
  | 'expiry'
  /** Debit taking back a cancelled segment's credit. */
  | 'reversal';

/**
 * The points ledger: append-only, every change to a member's points is one
 * entry written in the transaction of the change that causes it.
 */
export const pointEntries = pgTable(
  'point_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    kind: text().$type<LedgerEntryKind>().notNull(),
    /** Signed: credits positive, debits negative. */
    amount: integer().notNull(),
    /** The day the entry counts for (credit date for credits). */
    entryDate: date({ mode: 'string' }).notNull(),
    /** Credits: the day their points lapse. */
    expiresOn: date({ mode: 'string' }),
    /** English wording, or the free text staff wrote (read as it is). */
    description: text().notNull().default(''),
    /** The description as a key with parameters, worded in the reader's language; null: free text. */
    keyedDescription: jsonb().$type<LedgerDescription>(),
    bookingId: integer(),
    segmentRowId: integer(),
    /** Gift orders (the gifts capability links its orders here). */
    orderId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('point_entries_agent_idx').on(t.agentId, t.kind, t.entryDate),
    // The staff's member view reads a member's latest entries, newest first.
    index('point_entries_agent_recent_idx').on(t.agentId, t.id),
    check('point_entries_nonzero', sql`${t.amount} <> 0`),
  ],
);

/**
 * Credit lots: the unspent points of one member credited on one day, which
 * lapse together. Spending takes the oldest lots first. A lot is the
 * allocation state behind the ledger, not a second ledger: its remaining
 * points always equal the entries allocated to it.
 */
export const pointLots = pgTable(
  'point_lots',
  {
    agentId: integer()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    creditedOn: date({ mode: 'string' }).notNull(),
    expiresOn: date({ mode: 'string' }).notNull(),
    /** Points credited on that day (reversals taken off). */
    credited: integer().notNull(),
    remaining: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.creditedOn] }),
    index('point_lots_expiry_idx')
      .on(t.expiresOn)
      .where(sql`${t.remaining} > 0`),
    check('point_lots_remaining', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.credited}`),
  ],
);

/** Which lots a debit took its points from (and a refund gave them back to). */
export const pointAllocations = pgTable(
  'point_allocations',
  {
    entryId: bigint({ mode: 'number' })
      .notNull()
      .references(() => pointEntries.id, { onDelete: 'cascade' }),
    agentId: integer().notNull(),
    creditedOn: date({ mode: 'string' }).notNull(),
    /** Points taken from the lot (negative) or given back (positive). */
    amount: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.creditedOn] })],
);

/**
 * One row per member with the totals of the status report, updated in the
 * same transaction as every entry, so that the report never scans the ledger.
 * The row is also the member's lock: every change of points locks it first.
 */
export const pointBalances = pgTable(
  'point_balances',
  {
    agentId: integer()
      .primaryKey()
      .references(() => agents.id, { onDelete: 'cascade' }),
    regular: integer().notNull().default(0),
    additional: integer().notNull().default(0),
    used: integer().notNull().default(0),
    expired: integer().notNull().default(0),
    available: integer().notNull().default(0),
    segmentsPd: integer().notNull().default(0),
    segmentsOk: integer().notNull().default(0),
    /** The earliest day a lot with points left lapses: expiry is due when it is today or earlier. */
    nextExpiryOn: date({ mode: 'string' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('point_balances_available', sql`${t.available} >= 0`),
    check(
      'point_balances_sum',
      sql`${t.available} = ${t.regular} + ${t.additional} - ${t.used} - ${t.expired}`,
    ),
  ],
);

/**
 * Adjustments of a member's points: additional points loaded by the points
 * file (bonuses, promotions), by their reference, so that loading a file
 * again credits nothing twice; and staff's credits and debits from the
 * console. Each names its ledger entry and who made it.
 */
export const pointAdjustments = pgTable(
  'point_adjustments',
  {
    reference: varchar({ length: 80 }).primaryKey(),
    agentId: integer()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    points: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The ledger entry (null for adjustments made before entries were linked). */
    entryId: bigint({ mode: 'number' }).references(() => pointEntries.id, { onDelete: 'cascade' }),
    /** Who made it, as the audit log names them: a staff email, `command-line (user)`. */
    actor: text(),
    /**
     * The day (UTC) this adjustment counts against the support role's limit
     * per member per day; null when made by a role without that limit, a
     * points file or the command line.
     */
    supportLimitDay: date({ mode: 'string' }),
  },
  (t) => [
    uniqueIndex('point_adjustments_entry_idx').on(t.entryId),
    index('point_adjustments_support_day_idx')
      .on(t.agentId, t.supportLimitDay)
      .where(sql`${t.supportLimitDay} is not null`),
  ],
);

/** Balances carried over from a previous programme period (archive-points page). */
export const pointArchives = pgTable('point_archives', {
  memberNumber: varchar({ length: 20 }).primaryKey(),
  archiveDate: date({ mode: 'string' }).notNull(),
  accumulated: integer().notNull(),
  additional: integer().notNull(),
  used: integer().notNull(),
  remaining: integer().notNull(),
});

/** Expiry reminder emails sent: one per member, lapse day and notice (90, 30 or 7 days). */
export const expiryReminders = pgTable(
  'expiry_reminders',
  {
    agentId: integer()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    expiresOn: date({ mode: 'string' }).notNull(),
    daysBefore: integer().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.expiresOn, t.daysBefore] })],
);

/**
 * The booking import history: every import, by the staff console's upload,
 * `npm run bookings:import` or the queue call, with who made it, its summary
 * and its first rejected lines (`bookingImportRejectedKept`, 1,000).
 */
export const bookingImports = pgTable(
  'booking_imports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }).notNull(),
    /** The staff account of a console upload; null otherwise. */
    staffId: integer(),
    /** The staff email, `command-line (user)` or `booking-queue`. */
    actor: text().notNull(),
    source: text().$type<'console' | 'command-line' | 'booking-queue'>().notNull(),
    /** The countries a manager's upload kept to; null for every country (admins, the command, the queue). */
    countries: text().array(),
    fileName: text().notNull(),
    /** `finished`, or `failed` when a batch failed (the batches before it stay imported). */
    outcome: text().$type<'finished' | 'failed'>().notNull(),
    /** The import summary (docs/bookings.md). */
    summary: jsonb().notNull(),
    /** Every rejected and malformed line counted, and the first ones kept with their reason. */
    rejectedCount: integer().notNull(),
    rejectedLines: jsonb().notNull(),
  },
  (t) => [
    index('booking_imports_started_idx').on(t.startedAt),
    // A manager's history: the imports that kept to their countries.
    index('booking_imports_countries_idx').using('gin', t.countries),
  ],
);

/**
 * How many rows each summary keeps per country and month. A ledger write
 * adds to the row of its database connection (`pg_backend_pid() % 16`): the
 * transactions in flight at one time are on different connections, so they
 * update different rows and never line up behind one row lock until the
 * other commits (by member, a fifth of the orders of 20 members in flight
 * waited so). The rows of a month are summed when read.
 */
export const SUMMARY_SHARDS = 16;
