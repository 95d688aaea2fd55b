import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { agents } from '../../agents/schema.js';
import { offices } from '../../offices/schema.js';
import { bookings, bookingSegments } from '../schema.js';
import type { MemberFacts, OfficeFacts } from './booking-rules.js';
import type { BookingRow, SegmentRow, StoredBooking } from './booking-plan.js';

/**
 * The import's reads and writes of one batch: a few bulk statements whatever
 * the batch holds, never one per booking.
 */

/**
 * A column of rows as one array parameter, unnested by the statement: the
 * statement's text and parameters do not grow with the rows, which makes
 * bulk writes several times faster than a multi-row VALUES list.
 */
function column<T>(rows: readonly T[], pick: (row: T) => unknown, type: string): SQL {
  return sql`${sql.param(rows.map(pick))}::${sql.raw(type)}[]`;
}

/** Stored bookings of these PNRs, their segments not loaded yet (see `loadSegments`). */
export async function findBookings(
  tx: Transaction,
  pnrs: readonly string[],
): Promise<Map<string, StoredBooking>> {
  if (pnrs.length === 0) return new Map();
  const rows = await tx
    .select({
      id: bookings.id,
      pnr: bookings.pnr,
      recordHash: bookings.recordHash,
      state: bookings.state,
      agentId: bookings.agentId,
      officeCountryCode: bookings.officeCountryCode,
    })
    .from(bookings)
    .where(inArray(bookings.pnr, [...pnrs]));
  return new Map(rows.map((row) => [row.pnr, { ...row, segments: [] }]));
}

/** Fills in the segments of stored bookings: only those whose record changed need them. */
export async function loadSegments(
  tx: Transaction,
  stored: readonly StoredBooking[],
): Promise<void> {
  if (stored.length === 0) return;
  const byId = new Map(stored.map((booking) => [booking.id, booking]));
  const segments = await tx
    .select()
    .from(bookingSegments)
    .where(inArray(bookingSegments.bookingId, [...byId.keys()]));
  for (const { bookingId, ...segment } of segments) byId.get(bookingId)?.segments.push(segment);
}

export type MembersFound = {
  byNumber: Map<string, MemberFacts>;
  /** Ids of the members asked for by id that still exist. */
  livingIds: Set<number>;
};

/** Members named by the remarks, and which of the members credited earlier still exist. */
export async function findMembers(
  tx: Transaction,
  numbers: readonly string[],
  ids: readonly number[],
): Promise<MembersFound> {
  const found: MembersFound = { byNumber: new Map(), livingIds: new Set() };
  if (numbers.length === 0 && ids.length === 0) return found;
  const conditions = [
    ...(numbers.length > 0 ? [inArray(agents.number, [...numbers])] : []),
    ...(ids.length > 0 ? [inArray(agents.id, [...ids])] : []),
  ];
  const rows = await tx
    .select({
      id: agents.id,
      number: agents.number,
      status: agents.status,
      countryCode: agents.countryCode,
    })
    .from(agents)
    .where(or(...conditions));
  for (const row of rows) {
    found.byNumber.set(row.number, row);
    found.livingIds.add(row.id);
  }
  return found;
}

export async function findOffices(
  tx: Transaction,
  officeIds: readonly string[],
): Promise<Map<string, OfficeFacts>> {
  if (officeIds.length === 0) return new Map();
  const rows = await tx
    .select({
      officeId: offices.officeId,
      countryCode: offices.countryCode,
      active: offices.active,
    })
    .from(offices)
    .where(inArray(offices.officeId, [...officeIds]));
  return new Map(rows.map(({ officeId, ...facts }) => [officeId, facts]));
}

/*
 * Bookings and their segments are written only by the import, under the
 * bookings lock (locks.ts): a PNR not stored when its batch began cannot
 * appear before the batch writes it. So the rows of new bookings are plain
 * inserts; only those of stored bookings need `on conflict … do update`,
 * which costs the database about a fifth more per row.
 */

/** Inserts the new bookings and updates the stored ones (`isStored`); answers their row ids by PNR. */
export async function saveBookings(
  tx: Transaction,
  rows: readonly BookingRow[],
  isStored: (pnr: string) => boolean,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const fresh = rows.filter((row) => !isStored(row.pnr));
  const stored = rows.filter((row) => isStored(row.pnr));
  for (const [group, update] of [
    [fresh, false],
    [stored, true],
  ] as const) {
    if (group.length === 0) continue;
    const result = await tx.execute(sql`${writeBookings(group, update)} returning id, pnr`);
    for (const row of rowsOf<{ id: number; pnr: string }>(result)) ids.set(row.pnr, row.id);
  }
  return ids;
}

function writeBookings(rows: readonly BookingRow[], update: boolean): SQL {
  const insert = sql`
    insert into ${bookings} (pnr, office_id, office_country_code, created_on, member_number,
      agent_id, state, reason, record_hash, claim_id)
    select * from unnest(
      ${column(rows, (row) => row.pnr, 'text')},
      ${column(rows, (row) => row.officeId, 'text')},
      ${column(rows, (row) => row.officeCountryCode, 'text')},
      ${column(rows, (row) => row.createdOn, 'date')},
      ${column(rows, (row) => row.memberNumber, 'text')},
      ${column(rows, (row) => row.agentId, 'int')},
      ${column(rows, (row) => row.state, 'text')},
      ${column(rows, (row) => row.reason, 'text')},
      ${column(rows, (row) => row.recordHash, 'text')},
      ${column(rows, (row) => row.claimId, 'int')})`;
  if (!update) return insert;
  return sql`${insert}
    on conflict (pnr) do update set
      office_id = excluded.office_id,
      office_country_code = excluded.office_country_code,
      created_on = excluded.created_on,
      member_number = excluded.member_number,
      agent_id = excluded.agent_id,
      state = excluded.state,
      reason = excluded.reason,
      record_hash = excluded.record_hash,
      claim_id = excluded.claim_id,
      updated_at = now()`;
}

export type SegmentRowOf = SegmentRow & { bookingId: number };

/** Key of a segment row within the import: booking row id and the record's segment id. */
export const segmentKey = (bookingId: number, segmentId: string): string =>
  `${bookingId}\u0000${segmentId}`;

function writeSegments(rows: readonly SegmentRowOf[], update: boolean): SQL {
  const insert = sql`
    insert into ${bookingSegments} (booking_id, segment_id, kind, source_status, status,
      service_date, end_date, used, points, credited_on, credited_agent_id, earning_rule_ids)
    select b, s, k, ss, st, sd, ed, us, p, co, ca, r::int[] from unnest(
      ${column(rows, (row) => row.bookingId, 'int')},
      ${column(rows, (row) => row.segmentId, 'text')},
      ${column(rows, (row) => row.kind, 'text')},
      ${column(rows, (row) => row.sourceStatus, 'text')},
      ${column(rows, (row) => row.status, 'text')},
      ${column(rows, (row) => row.serviceDate, 'date')},
      ${column(rows, (row) => row.endDate, 'date')},
      ${column(rows, (row) => row.used, 'boolean')},
      ${column(rows, (row) => row.points, 'int')},
      ${column(rows, (row) => row.creditedOn, 'date')},
      ${column(rows, (row) => row.creditedAgentId, 'int')},
      ${column(rows, (row) => `{${row.earningRuleIds.join(',')}}`, 'text')})
      as t(b, s, k, ss, st, sd, ed, us, p, co, ca, r)`;
  if (!update) return insert;
  return sql`${insert}
    on conflict (booking_id, segment_id) do update set
      earning_rule_ids = excluded.earning_rule_ids,
      kind = excluded.kind,
      source_status = excluded.source_status,
      status = excluded.status,
      service_date = excluded.service_date,
      end_date = excluded.end_date,
      used = excluded.used,
      points = excluded.points,
      credited_on = excluded.credited_on,
      credited_agent_id = excluded.credited_agent_id`;
}

/**
 * Inserts the segments of new bookings and inserts or updates those of
 * stored ones (`ofStored`); answers the row ids of those `wantId` picks, by
 * `segmentKey`.
 */
export async function saveSegments(
  tx: Transaction,
  rows: readonly SegmentRowOf[],
  wantId: (row: SegmentRowOf) => boolean,
  ofStored: (row: SegmentRowOf) => boolean,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const update of [false, true]) {
    const group = rows.filter((row) => ofStored(row) === update);
    // Answering ids costs time per row: only rows whose ledger entries need them ask.
    const wanted = group.filter(wantId);
    const others = group.filter((row) => !wantId(row));
    if (others.length > 0) await tx.execute(writeSegments(others, update));
    if (wanted.length === 0) continue;
    const result = await tx.execute(
      sql`${writeSegments(wanted, update)} returning id, booking_id as "bookingId", segment_id as "segmentId"`,
    );
    for (const row of rowsOf<{ id: number; bookingId: number; segmentId: string }>(result)) {
      ids.set(segmentKey(row.bookingId, row.segmentId), row.id);
    }
  }
  return ids;
}
