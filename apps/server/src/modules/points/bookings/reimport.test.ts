import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { agents } from '../../agents/schema.js';
import { offices } from '../../offices/schema.js';
import { createAgent } from '../../../testing/factories.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { LedgerSession } from '../ledger.js';
import { bookings, bookingSegments, pointBalances, pointEntries } from '../schema.js';
import { ImportFailed, importBookings, type ImportProgress } from './import-bookings.js';
import {
  balanceOf,
  bookingOf,
  bookingRecord,
  entriesOf,
  ledgerProblems,
  queueConfig,
  sendQueue,
  type RecordInput,
} from '../../../testing/booking-records.js';

/** Re-imports: idempotent, and an updated record changes exactly what changed in the ledger. */

let t: TestApp;
let today = '2026-11-10';
beforeAll(async () => {
  t = await createTestApp({ config: queueConfig(), now: () => Date.parse(`${today}T12:00:00Z`) });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await ledgerProblems(t.database.db)).toEqual([]);
  today = '2026-11-10';
});

const member = () => createAgent(t.database.db, { officeId: 'ATHGR0001' });
const db = () => t.database.db;
const record = (input: RecordInput & { member?: string }) => bookingRecord(input);

async function snapshot() {
  return {
    bookings: await db().select().from(bookings).orderBy(asc(bookings.id)),
    segments: await db().select().from(bookingSegments).orderBy(asc(bookingSegments.id)),
    entries: await db().select().from(pointEntries).orderBy(asc(pointEntries.id)),
    balances: await db().select().from(pointBalances).orderBy(asc(pointBalances.agentId)),
  };
}

describe('importing the same file twice', () => {
  it('changes nothing the second time: every record unchanged, no new ledger entries', async () => {
    const a = await member();
    const b = await member();
    const file = [
      record({
        pnr: 'IDM001',
        member: a.number,
        segments: [{ used: true }, { kind: 'hotel' }, { status: 'HX' }],
      }),
      record({ pnr: 'IDM002', member: b.number, segments: [{ serviceDate: '2026-10-01' }] }),
      record({ pnr: 'IDM003', remarks: [`RM*AMA${a.number}`] }),
      record({ pnr: 'IDM004', member: a.number, officeId: 'DXBAE0001' }),
    ];
    const first = await sendQueue(t.app, file);
    expect(first).toMatchObject({ accepted: 2, updated: 0, unchanged: 0, segments: 6 });
    const before = await snapshot();

    const second = await sendQueue(t.app, file);
    expect(second).toMatchObject({ accepted: 0, updated: 0, unchanged: 4, segments: 0 });
    expect(Object.values(second.rejected).every((count) => count === 0)).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it('treats a record with its segments in another order and lower-case codes as the same', async () => {
    const a = await member();
    const segments = [
      { id: 'S1', used: true },
      { id: 'S2', kind: 'car' as const },
    ];
    await sendQueue(t.app, [record({ pnr: 'IDM005', member: a.number, segments })]);
    const summary = await sendQueue(t.app, [
      { ...record({ pnr: 'idm005', member: a.number, segments: segments.reverse() }) },
    ]);
    expect(summary.unchanged).toBe(1);
  });
});

describe('an updated record', () => {
  it('credits a segment that became OK, and moves it from pending to OK', async () => {
    const a = await member();
    await sendQueue(t.app, [
      record({ pnr: 'UPD001', member: a.number, segments: [{ id: '1' }, { id: '2' }] }),
    ]);
    expect(await balanceOf(db(), a.id)).toMatchObject({ available: 0, segmentsPd: 2 });

    const summary = await sendQueue(t.app, [
      record({ pnr: 'UPD001', member: a.number, segments: [{ id: '1', used: true }, { id: '2' }] }),
    ]);
    expect(summary).toMatchObject({ accepted: 1, updated: 1, unchanged: 0 });
    expect(await balanceOf(db(), a.id)).toMatchObject({
      available: 5,
      segmentsPd: 1,
      segmentsOk: 1,
    });
    const entries = await entriesOf(db(), a.id);
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([['segment', 5]]);
  });

  it('reverses the credit of a segment now cancelled, and drops it from the counts', async () => {
    const a = await member();
    await sendQueue(t.app, [
      record({
        pnr: 'UPD002',
        member: a.number,
        segments: [
          { id: '1', used: true },
          { id: '2', used: true, kind: 'hotel' },
        ],
      }),
    ]);
    expect(await balanceOf(db(), a.id)).toMatchObject({ available: 15, segmentsOk: 2 });
    today = '2026-11-20';

    await sendQueue(t.app, [
      record({
        pnr: 'UPD002',
        member: a.number,
        segments: [
          { id: '1', used: true },
          { id: '2', used: true, kind: 'hotel', status: 'XL' },
        ],
      }),
    ]);
    const booking = await bookingOf(db(), 'UPD002');
    expect(booking.segments.map((s) => [s.status, s.points, s.creditedOn])).toEqual([
      ['OK', 5, '2026-11-10'],
      ['XX', 0, null],
    ]);
    expect(await balanceOf(db(), a.id)).toMatchObject({
      regular: 5,
      available: 5,
      segmentsOk: 1,
      segmentsPd: 0,
    });
    const reversal = (await entriesOf(db(), a.id)).at(-1)!;
    expect(reversal).toMatchObject({
      kind: 'reversal',
      amount: -10,
      entryDate: '2026-11-20',
      bookingId: booking.id,
      segmentRowId: booking.segments[1]!.id,
      keyedDescription: {
        key: 'segmentCancelled',
        params: { pnr: 'UPD002', kind: 'hotel', date: '2026-12-01' },
      },
    });
  });

  it('reverses the credit of a segment gone from the record, and keeps the segment as XX', async () => {
    const a = await member();
    await sendQueue(t.app, [
      record({
        pnr: 'UPD003',
        member: a.number,
        segments: [
          { id: '1', used: true },
          { id: '2', used: true },
        ],
      }),
    ]);
    await sendQueue(t.app, [
      record({ pnr: 'UPD003', member: a.number, segments: [{ id: '1', used: true }] }),
    ]);
    const booking = await bookingOf(db(), 'UPD003');
    expect(booking.segments.map((s) => [s.segmentId, s.status])).toEqual([
      ['1', 'OK'],
      ['2', 'XX'],
    ]);
    expect(await balanceOf(db(), a.id)).toMatchObject({ available: 5, segmentsOk: 1 });
    expect((await entriesOf(db(), a.id)).at(-1)).toMatchObject({
      kind: 'reversal',
      amount: -5,
      keyedDescription: {
        key: 'segmentGone',
        params: { pnr: 'UPD003', kind: 'air', date: '2026-12-01' },
      },
    });
  });

  it('moves the points when the remark names another member: reversal and credit', async () => {
    const a = await member();
    const b = await member();
    const segments = [{ id: '1', used: true }, { id: '2' }];
    await sendQueue(t.app, [record({ pnr: 'UPD004', member: a.number, segments })]);
    await sendQueue(t.app, [record({ pnr: 'UPD004', member: b.number, segments })]);

    expect(await bookingOf(db(), 'UPD004')).toMatchObject({ agentId: b.id, state: 'accepted' });
    expect(await balanceOf(db(), a.id)).toMatchObject({
      regular: 0,
      available: 0,
      segmentsPd: 0,
      segmentsOk: 0,
    });
    expect(await balanceOf(db(), b.id)).toMatchObject({
      regular: 5,
      available: 5,
      segmentsPd: 1,
      segmentsOk: 1,
    });
    const segment = { pnr: 'UPD004', kind: 'air', date: '2026-12-01' };
    expect(
      (await entriesOf(db(), a.id)).map((e) => [e.kind, e.amount, e.keyedDescription]),
    ).toEqual([
      ['segment', 5, { key: 'segmentCredit', params: segment }],
      ['reversal', -5, { key: 'segmentOtherMember', params: segment }],
    ]);
    expect((await entriesOf(db(), b.id)).map((e) => [e.kind, e.amount])).toEqual([['segment', 5]]);
  });

  it('reverses every credit of a booking now rejected, which then counts for no one', async () => {
    const a = await member();
    const segments = [{ id: '1', used: true }, { id: '2' }];
    await sendQueue(t.app, [record({ pnr: 'UPD005', member: a.number, segments })]);
    const summary = await sendQueue(t.app, [
      record({ pnr: 'UPD005', member: a.number, officeId: 'DXBAE0001', segments }),
    ]);
    expect(summary.rejected['office-other-country']).toBe(1);
    expect(summary.updated).toBe(1);
    expect(await balanceOf(db(), a.id)).toMatchObject({
      available: 0,
      segmentsPd: 0,
      segmentsOk: 0,
    });
    expect((await entriesOf(db(), a.id)).at(-1)).toMatchObject({
      kind: 'reversal',
      amount: -5,
      keyedDescription: {
        key: 'segmentRejected',
        params: { pnr: 'UPD005', kind: 'air', date: '2026-12-01', reason: 'office-other-country' },
      },
    });
  });

  it('caps a reversal at the points left when the member spent some', async () => {
    const a = await member();
    const segments = [
      { id: '1', used: true },
      { id: '2', used: true, kind: 'hotel' as const },
    ];
    await sendQueue(t.app, [record({ pnr: 'UPD006', member: a.number, segments })]);
    await db().transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [a.id], today);
      session.debit(a.id, { kind: 'order', amount: 12, description: 'Gift order' });
      await session.flush();
    });
    expect(await balanceOf(db(), a.id)).toMatchObject({ available: 3, used: 12 });

    await sendQueue(t.app, [
      record({
        pnr: 'UPD006',
        member: a.number,
        segments: [segments[0]!, { ...segments[1]!, status: 'HX' }],
      }),
    ]);
    expect(await balanceOf(db(), a.id)).toMatchObject({
      regular: 12,
      used: 12,
      available: 0,
      segmentsOk: 1,
    });
    expect((await entriesOf(db(), a.id)).at(-1)).toMatchObject({ kind: 'reversal', amount: -3 });
  });

  it('keeps the credit of a segment that stays booked, and credits only what is new', async () => {
    const a = await member();
    await sendQueue(t.app, [
      record({ pnr: 'UPD007', member: a.number, segments: [{ id: '1', used: true }] }),
    ]);
    today = '2026-11-15';
    await sendQueue(t.app, [
      record({
        pnr: 'UPD007',
        member: a.number,
        createdOn: '2026-10-02',
        segments: [{ id: '1' }, { id: '2', kind: 'rail', used: true }],
      }),
    ]);
    const booking = await bookingOf(db(), 'UPD007');
    expect(booking.segments.map((s) => [s.status, s.points, s.creditedOn])).toEqual([
      ['OK', 5, '2026-11-10'],
      ['OK', 10, '2026-11-15'],
    ]);
    expect((await entriesOf(db(), a.id)).map((e) => [e.kind, e.amount])).toEqual([
      ['segment', 5],
      ['segment', 10],
    ]);
  });

  it('keeps what the points clock credited and adds only what changed', async () => {
    const a = await member();
    await sendQueue(t.app, [
      record({ pnr: 'UPD008', member: a.number, segments: [{ id: '1' }, { id: '2' }] }),
    ]);
    today = '2026-12-05';
    await t.app.pointsClock.creditFinishedSegments(today);
    expect(await balanceOf(db(), a.id)).toMatchObject({ available: 10, segmentsOk: 2 });

    await sendQueue(t.app, [
      record({
        pnr: 'UPD008',
        member: a.number,
        segments: [{ id: '1' }, { id: '2', status: 'UN' }, { id: '3', used: true }],
      }),
    ]);
    expect(await balanceOf(db(), a.id)).toMatchObject({ available: 10, segmentsOk: 2 });
    expect((await entriesOf(db(), a.id)).map((e) => [e.kind, e.amount])).toEqual([
      ['segment', 5],
      ['segment', 5],
      ['reversal', -5],
      ['segment', 5],
    ]);
  });

  it('clears the credit of a member who no longer exists, without a ledger entry', async () => {
    const a = await member();
    await sendQueue(t.app, [
      record({ pnr: 'UPD009', member: a.number, segments: [{ id: '1', used: true }] }),
    ]);
    await db().delete(agents).where(eq(agents.id, a.id));
    const summary = await sendQueue(t.app, [
      record({ pnr: 'UPD009', member: a.number, segments: [{ id: '1', status: 'HX' }] }),
    ]);
    expect(summary.rejected['unknown-member']).toBe(1);
    const booking = await bookingOf(db(), 'UPD009');
    expect(booking.segments[0]).toMatchObject({ status: 'XX', points: 0, creditedAgentId: null });
  });
});

describe('an office that opts out', () => {
  it('keeps what its agents earned: an accepted booking stays accepted, a new one earns nothing', async () => {
    await db().insert(offices).values({
      officeId: 'OPTGR0001',
      countryCode: 'gr',
      agencyName: 'Opting Travel',
      address: 'Street 1',
      zip: '10000',
      active: true,
    });
    const a = await createAgent(db(), { officeId: 'OPTGR0001' });
    await sendQueue(t.app, [
      record({
        pnr: 'OPT001',
        officeId: 'OPTGR0001',
        member: a.number,
        segments: [{ id: '1', used: true }, { id: '2' }],
      }),
    ]);
    expect(await balanceOf(db(), a.id)).toMatchObject({ available: 5, segmentsPd: 1 });

    await db().update(offices).set({ active: false }).where(eq(offices.officeId, 'OPTGR0001'));
    // The booking comes again once its second segment is flown.
    const summary = await sendQueue(t.app, [
      record({
        pnr: 'OPT001',
        officeId: 'OPTGR0001',
        member: a.number,
        segments: [
          { id: '1', used: true },
          { id: '2', used: true },
        ],
      }),
      record({
        pnr: 'OPT002',
        officeId: 'OPTGR0001',
        member: a.number,
        segments: [{ used: true }],
      }),
    ]);
    expect(summary).toMatchObject({ updated: 1 });
    expect(summary.rejected['inactive-office']).toBe(1);
    expect(await bookingOf(db(), 'OPT001')).toMatchObject({ state: 'accepted', reason: null });
    expect(await bookingOf(db(), 'OPT002')).toMatchObject({
      state: 'rejected',
      reason: 'inactive-office',
      agentId: a.id,
    });
    expect(await balanceOf(db(), a.id)).toMatchObject({ available: 10, segmentsOk: 2 });
    const entries = await entriesOf(db(), a.id);
    expect(entries.map((e) => e.kind)).not.toContain('reversal');
  });
});

describe('batches', () => {
  const options = (extra: { batchSize?: number; onProgress?: (p: ImportProgress) => void }) => ({
    today,
    ...extra,
  });
  const line = (input: RecordInput & { member?: string }) => JSON.stringify(record(input));

  it('lets the later line of a PNR repeated in one file win', async () => {
    const a = await member();
    const b = await member();
    const summary = await importBookings(
      db(),
      [
        line({ pnr: 'BAT001', member: a.number, segments: [{ used: true }] }),
        line({ pnr: 'BAT002', member: a.number }),
        line({ pnr: 'BAT001', member: b.number, segments: [{ used: true }, { id: '2' }] }),
      ],
      options({}),
    );
    expect(summary).toMatchObject({ accepted: 3, updated: 1, segments: 4 });
    expect(await bookingOf(db(), 'BAT001')).toMatchObject({ agentId: b.id });
    expect(await balanceOf(db(), a.id)).toMatchObject({ available: 0, segmentsPd: 1 });
    expect(await balanceOf(db(), b.id)).toMatchObject({
      available: 5,
      segmentsPd: 1,
      segmentsOk: 1,
    });
  });

  it('reports progress after every batch, in lines done', async () => {
    const a = await member();
    const progress: number[] = [];
    const lines = ['BAT003', 'BAT004', 'BAT005', 'BAT006', 'BAT007'].map((pnr) =>
      line({ pnr, member: a.number }),
    );
    const summary = await importBookings(
      db(),
      [lines[0]!, lines[1]!, 'oops', lines[2]!, lines[3]!, lines[4]!],
      options({ batchSize: 2, onProgress: ({ linesDone }) => progress.push(linesDone) }),
    );
    expect(progress).toEqual([3, 5, 6]);
    expect(summary).toMatchObject({ lines: 6, accepted: 5, malformedCount: 1 });
  });

  it('reads the next batch while the database writes the one before', async () => {
    const a = await member();
    const events: string[] = [];
    const lines = ['OVL001', 'OVL002', 'OVL003', 'OVL004', 'OVL005'].map((pnr) =>
      line({ pnr, member: a.number }),
    );
    function* queue() {
      for (const [index, text] of lines.entries()) {
        events.push(`read ${index + 1}`);
        yield text;
      }
    }
    const summary = await importBookings(
      db(),
      queue(),
      options({ batchSize: 2, onProgress: ({ linesDone }) => events.push(`done ${linesDone}`) }),
    );
    // Line 3 closes the first batch; line 4 is read before that batch has committed.
    expect(events.indexOf('read 4')).toBeLessThan(events.indexOf('done 2'));
    expect(events.filter((event) => event.startsWith('done'))).toEqual([
      'done 2',
      'done 4',
      'done 5',
    ]);
    expect(summary).toMatchObject({ lines: 5, accepted: 5 });
  });

  it('reports the lines read meanwhile after the batch before them, in line order', async () => {
    const a = await member();
    const reported: number[] = [];
    const summary = await importBookings(
      db(),
      [
        line({ pnr: 'ORD001', member: '99999990' }),
        line({ pnr: 'ORD002', member: a.number }),
        line({ pnr: 'ORD003', member: a.number }),
        'not json',
        line({ pnr: 'ORD004', member: a.number }),
      ],
      { ...options({ batchSize: 2 }), onRejectedLine: ({ line: at }) => reported.push(at) },
    );
    // Line 1 (an unknown member) is rejected once its batch committed; line 4 was read meanwhile.
    expect(reported).toEqual([1, 4]);
    expect(summary).toMatchObject({ lines: 5, accepted: 3, malformedCount: 1 });
  });

  it('lets the batch in the database commit before it reports a file that stopped', async () => {
    const a = await member();
    const lines = ['CUT001', 'CUT002', 'CUT003'].map((pnr) => line({ pnr, member: a.number }));
    function* queue() {
      yield* lines;
      throw new Error('the upload was cut off');
    }
    const failure = await importBookings(db(), queue(), options({ batchSize: 2 })).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ImportFailed);
    // Line 3 started the first batch; the file stopped while it was in the database.
    expect((failure as ImportFailed).linesDone).toBe(2);
    expect((failure as ImportFailed).summary).toMatchObject({ accepted: 2 });
    expect(await bookingOf(db(), 'CUT002')).toMatchObject({ agentId: a.id });
    await expect(bookingOf(db(), 'CUT003')).rejects.toThrow('No booking CUT003');
  });

  it('runs two imports of the same file one batch at a time: each record counts once', async () => {
    const a = await member();
    const lines = ['CON001', 'CON002', 'CON003', 'CON004', 'CON005'].map((pnr) =>
      line({ pnr, member: a.number, segments: [{ used: true }] }),
    );
    const [first, second] = await Promise.all([
      importBookings(db(), lines, options({ batchSize: 2 })),
      importBookings(db(), lines, options({ batchSize: 2 })),
    ]);
    expect(first.accepted + second.accepted).toBe(5);
    expect(first.unchanged + second.unchanged).toBe(5);
    expect(await balanceOf(db(), a.id)).toMatchObject({ available: 25, segmentsOk: 5 });
    expect(await entriesOf(db(), a.id)).toHaveLength(5);
  });

  it('rolls a failing batch back whole and keeps the batches committed before it', async () => {
    const a = await member();
    // A database error on one segment row, in the middle of the second batch.
    await db().execute(sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.segment_id = 'BOOM' then raise exception 'segment refused'; end if;
        return new;
      end $$`);
    await db().execute(sql`create trigger refuse_boom before insert or update on booking_segments
      for each row execute function refuse_boom()`);
    try {
      const lines = [
        line({ pnr: 'FAIL01', member: a.number, segments: [{ used: true }] }),
        line({ pnr: 'FAIL02', member: a.number, segments: [{ used: true }] }),
        line({ pnr: 'FAIL03', member: a.number, segments: [{ used: true }] }),
        line({ pnr: 'FAIL04', member: a.number, segments: [{ id: 'BOOM', used: true }] }),
        line({ pnr: 'FAIL05', member: a.number, segments: [{ used: true }] }),
      ];
      const failure = await importBookings(db(), lines, options({ batchSize: 2 })).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ImportFailed);
      expect((failure as ImportFailed).linesDone).toBe(2);
      expect((failure as ImportFailed).summary).toMatchObject({ accepted: 2 });
      expect((failure as ImportFailed).message).toContain('Import stopped after line 2');

      const stored = await db()
        .select({ pnr: bookings.pnr })
        .from(bookings)
        .where(sql`${bookings.pnr} like 'FAIL%'`)
        .orderBy(asc(bookings.pnr));
      expect(stored.map((row) => row.pnr)).toEqual(['FAIL01', 'FAIL02']);
      expect(await balanceOf(db(), a.id)).toMatchObject({ available: 10, segmentsOk: 2 });
      expect(await entriesOf(db(), a.id)).toHaveLength(2);
    } finally {
      await db().execute(sql`drop trigger refuse_boom on booking_segments`);
      await db().execute(sql`drop function refuse_boom()`);
    }
  });
});
