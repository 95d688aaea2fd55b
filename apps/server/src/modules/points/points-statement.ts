import { and, desc, eq, or } from 'drizzle-orm';
import { wordLedgerDescription } from '@club/contract/ledger-descriptions';
import { bookingReasonTexts, type BookingReason } from '@club/contract/points';
import type { Database } from '../../db/client.js';
import type { CsvValue } from '../../lib/csv.js';
import type { SessionMember } from '../agents/members.js';
import { acceptedPnrsWithSegments } from './accepted-pnrs.js';
import { addYears } from './calendar-days.js';
import { CREDIT_LIFETIME_YEARS } from './ledger.js';
import { bookings, pointEntries, type LedgerEntryKind } from './schema.js';

type Words = Readonly<Record<string, string>>;

/** English of the statement's own words; the member's dictionary translates them. */
const english = {
  'points.colRecord': 'Record',
  'points.colDate': 'Date',
  'points.colPnr': 'PNR',
  'points.colKind': 'Kind',
  'points.colStatus': 'Status',
  'points.colPoints': 'Points',
  'points.colExpires': 'Lapse on',
  'points.colDescription': 'Description',
  'points.record.pnr': 'PNR',
  'points.record.segment': 'Segment',
  'points.record.entry': 'Points entry',
  'points.record.queued': 'PNR without points',
  'points.status.OK': 'Validated',
  'points.status.PD': 'Pending',
  'points.kind.air': 'Air',
  'points.kind.hotel': 'Hotel',
  'points.kind.car': 'Car',
  'points.kind.rail': 'Rail',
  'points.entry.segment': 'Segment credit',
  'points.entry.additional': 'Additional points',
  'points.entry.order': 'Gift order',
  'points.entry.refund': 'Gift order refunded',
  'points.entry.expiry': 'Points lapsed',
  'points.entry.reversal': 'Segment cancelled',
  'points.record.total': 'Total',
  'points.totalNote':
    'The sum of the points entries above: credits, gift orders, the points of refunded orders given back, lapses',
} as const;

/** The most lines of each part: far beyond any member's history, a bound on the answer. */
const LINES_LIMIT = 50_000;

/**
 * The member's points statement as CSV rows (a header, then every PNR with
 * its segments, every ledger entry with its reason, and the PNRs that earned
 * nothing with theirs), worded with the member's dictionary.
 */
export async function pointsStatementRows(
  db: Database,
  member: SessionMember,
  words: Words,
  reader: StatementReader,
): Promise<CsvValue[][]> {
  const word = (key: keyof typeof english) => words[key] || english[key];
  const [pnrs, entries, queued] = await Promise.all([
    pnrLines(db, member, word),
    entryLines(db, member.id, word, { words, ...reader }),
    queuedLines(db, member, words, word),
  ]);
  return [
    [
      word('points.colRecord'),
      word('points.colDate'),
      word('points.colPnr'),
      word('points.colKind'),
      word('points.colStatus'),
      word('points.colPoints'),
      word('points.colExpires'),
      word('points.colDescription'),
    ],
    ...pnrs,
    ...entries,
    // What the entries add up to: a refunded order counts twice, spent and given back.
    [
      word('points.record.total'),
      null,
      null,
      null,
      null,
      entries.reduce((sum, line) => sum + Number(line[5]), 0),
      null,
      word('points.totalNote'),
    ],
    ...queued,
  ];
}

type Word = (key: keyof typeof english) => string;

/** The reader's locale, and the gift names of their language (an order's line names its gifts). */
export type StatementReader = {
  locale: string;
  giftNames: (giftIds: readonly number[]) => Promise<ReadonlyMap<number, string>>;
};

/** Accepted PNRs, newest first, each followed by its live segments. */
async function pnrLines(db: Database, member: SessionMember, word: Word): Promise<CsvValue[][]> {
  const found = await acceptedPnrsWithSegments(db, member.id, [], LINES_LIMIT);
  const status = (ok: boolean) => word(ok ? 'points.status.OK' : 'points.status.PD');
  return found.flatMap((booking) => {
    const own = booking.segments;
    const pointsOf = (segment: (typeof own)[number]) =>
      segment.creditedAgentId === member.id ? segment.points : 0;
    const allOk = own.length > 0 && own.every((segment) => segment.status === 'OK');
    return [
      [
        word('points.record.pnr'),
        booking.createdOn,
        booking.pnr,
        null,
        status(allOk),
        own.reduce((sum, segment) => sum + pointsOf(segment), 0),
        null,
        null,
      ],
      ...own.map((segment) => [
        word('points.record.segment'),
        segment.serviceDate,
        booking.pnr,
        word(`points.kind.${segment.kind}`),
        status(segment.status === 'OK'),
        pointsOf(segment),
        segment.creditedOn === null ? null : addYears(segment.creditedOn, CREDIT_LIFETIME_YEARS),
        null,
      ]),
    ];
  });
}

/** Every entry of the member's ledger, newest first: what changed their points and why. */
async function entryLines(
  db: Database,
  agentId: number,
  word: Word,
  reader: StatementReader & { words: Words },
): Promise<CsvValue[][]> {
  const rows = await db
    .select({
      kind: pointEntries.kind,
      amount: pointEntries.amount,
      entryDate: pointEntries.entryDate,
      expiresOn: pointEntries.expiresOn,
      description: pointEntries.description,
      keyed: pointEntries.keyedDescription,
      pnr: bookings.pnr,
    })
    .from(pointEntries)
    .leftJoin(bookings, eq(bookings.id, pointEntries.bookingId))
    .where(eq(pointEntries.agentId, agentId))
    .orderBy(desc(pointEntries.entryDate), desc(pointEntries.id))
    .limit(LINES_LIMIT);
  const giftIds = new Set<number>();
  for (const { keyed } of rows) {
    if (keyed?.key === 'order') for (const gift of keyed.params.gifts) giftIds.add(gift.id);
  }
  const wording = {
    words: reader.words,
    locale: reader.locale,
    giftNames: await reader.giftNames([...giftIds]),
  };
  return rows.map((row) => {
    // Worded now, in the reader's language; free text as staff wrote it.
    const description = wordLedgerDescription(row, wording);
    return [
      word('points.record.entry'),
      row.entryDate,
      row.pnr,
      word(`points.entry.${row.kind satisfies LedgerEntryKind}`),
      null,
      row.amount,
      row.expiresOn,
      description === '' ? null : description,
    ];
  });
}

/** Queued PNRs naming the member that earned nothing, with the reason. */
async function queuedLines(
  db: Database,
  member: SessionMember,
  words: Words,
  word: Word,
): Promise<CsvValue[][]> {
  const rows = await db
    .select({ pnr: bookings.pnr, createdOn: bookings.createdOn, reason: bookings.reason })
    .from(bookings)
    .where(
      and(
        eq(bookings.state, 'rejected'),
        or(eq(bookings.memberNumber, member.number), eq(bookings.agentId, member.id)),
      ),
    )
    .orderBy(desc(bookings.createdOn), desc(bookings.id))
    .limit(LINES_LIMIT);
  const reasonOf = (reason: BookingReason) =>
    words[`pointsReason.${reason}`] || bookingReasonTexts[reason];
  return rows.map((row) => [
    word('points.record.queued'),
    row.createdOn,
    row.pnr,
    null,
    null,
    0,
    null,
    row.reason === null ? null : reasonOf(row.reason),
  ]);
}
