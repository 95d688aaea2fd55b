import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../testing/factories.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import type { ImportSummary } from './import-summary.js';
import {
  balanceOf,
  bookingOf,
  bookingRecord,
  entriesOf,
  jsonLines,
  ledgerProblems,
  postQueue,
  queueConfig,
  sendQueue,
} from '../../../testing/booking-records.js';

/** The import rules of docs/bookings.md, one test per rule and reason, through the queue call. */

let t: TestApp;
const today = '2026-11-10';
beforeAll(async () => {
  t = await createTestApp({
    config: queueConfig({ segmentPointsByCountry: { ae: { air: 7 } } }),
    now: () => Date.parse(`${today}T12:00:00Z`),
  });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await ledgerProblems(t.database.db)).toEqual([]);
});

const member = (overrides: Parameters<typeof createAgent>[1] = {}) =>
  createAgent(t.database.db, { officeId: 'ATHGR0001', ...overrides });

describe('an accepted booking', () => {
  it('stores PD and OK segments, credits the OK ones and counts them for the member', async () => {
    const agent = await member();
    const summary = await sendQueue(t.app, [
      bookingRecord({
        pnr: 'ACC001',
        member: agent.number,
        remarks: ['RM OTHER TEXT', `RM*AMA ${agent.number}`],
        segments: [
          { id: 'A1', kind: 'air', serviceDate: '2026-11-01' },
          { id: 'H1', kind: 'hotel', serviceDate: '2026-12-20', used: true },
          { id: 'C1', kind: 'car', serviceDate: '2026-12-20' },
          { id: 'R1', kind: 'rail', serviceDate: '2026-11-01', status: 'HX' },
        ],
      }),
    ]);
    expect(summary).toMatchObject({ accepted: 1, updated: 0, unchanged: 0, segments: 4 });
    expect(Object.values(summary.rejected).every((count) => count === 0)).toBe(true);

    const booking = await bookingOf(t.database.db, 'ACC001');
    expect(booking).toMatchObject({
      state: 'accepted',
      reason: null,
      agentId: agent.id,
      memberNumber: agent.number,
      officeCountryCode: 'gr',
    });
    expect(
      booking.segments.map((s) => [s.segmentId, s.status, s.sourceStatus, s.points, s.creditedOn]),
    ).toEqual([
      ['A1', 'OK', 'HK', 5, today],
      ['C1', 'PD', 'HK', 0, null],
      ['H1', 'OK', 'HK', 10, today],
      ['R1', 'XX', 'HX', 0, null],
    ]);
    expect(await balanceOf(t.database.db, agent.id)).toMatchObject({
      regular: 15,
      available: 15,
      segmentsPd: 1,
      segmentsOk: 2,
    });
    const entries = await entriesOf(t.database.db, agent.id);
    expect(
      entries.map((e) => [e.kind, e.amount, e.keyedDescription, e.entryDate, e.expiresOn]),
    ).toEqual([
      [
        'segment',
        5,
        { key: 'segmentCredit', params: { pnr: 'ACC001', kind: 'air', date: '2026-11-01' } },
        today,
        '2029-11-10',
      ],
      [
        'segment',
        10,
        { key: 'segmentCredit', params: { pnr: 'ACC001', kind: 'hotel', date: '2026-12-20' } },
        today,
        '2029-11-10',
      ],
    ]);
    expect(entries.every((e) => e.bookingId === booking.id && e.segmentRowId !== null)).toBe(true);
  });

  it('keeps a segment pending until its end date has passed, not just its service date', async () => {
    const agent = await member();
    await sendQueue(t.app, [
      bookingRecord({
        pnr: 'ACC002',
        member: agent.number,
        segments: [
          { id: '1', kind: 'hotel', serviceDate: '2026-11-05', endDate: '2026-11-12' },
          { id: '2', kind: 'hotel', serviceDate: '2026-11-05', endDate: '2026-11-09' },
          { id: '3', kind: 'air', serviceDate: today },
        ],
      }),
    ]);
    const booking = await bookingOf(t.database.db, 'ACC002');
    expect(booking.segments.map((s) => s.status)).toEqual(['PD', 'OK', 'PD']);
    expect(await balanceOf(t.database.db, agent.id)).toMatchObject({
      available: 10,
      segmentsPd: 2,
      segmentsOk: 1,
    });
  });

  it('reads PNR, office ID and status codes in any case, and stores them upper-case', async () => {
    const agent = await member();
    await sendQueue(t.app, [
      bookingRecord({
        pnr: 'acc003',
        officeId: 'athgr0001',
        member: agent.number,
        segments: [{ status: 'hk' }, { status: 'hx' }],
      }),
    ]);
    const booking = await bookingOf(t.database.db, 'ACC003');
    expect(booking.officeId).toBe('ATHGR0001');
    expect(booking.segments.map((s) => [s.sourceStatus, s.status])).toEqual([
      ['HK', 'PD'],
      ['HX', 'XX'],
    ]);
  });

  it('stores segment ids exactly as sent, whatever their characters', async () => {
    const agent = await member();
    const ids = ['NULL', '"quoted", {braced}', 'back\\slash', 'ΑΘΗ-1 ✈', ' ', 'x'.repeat(40)];
    await sendQueue(t.app, [
      bookingRecord({
        pnr: 'ACC007',
        member: agent.number,
        segments: ids.map((id) => ({ id, used: true })),
      }),
    ]);
    const booking = await bookingOf(t.database.db, 'ACC007');
    expect(booking.segments.map((s) => s.segmentId).sort()).toEqual([...ids].sort());
    expect(booking.segments.every((s) => s.points === 5 && s.endDate === null)).toBe(true);
    expect((await entriesOf(t.database.db, agent.id)).every((e) => e.segmentRowId !== null)).toBe(
      true,
    );
  });

  it('lets a member whose deletion was requested earn', async () => {
    const agent = await member({ status: 'deletion_requested' });
    const summary = await sendQueue(t.app, [
      bookingRecord({ pnr: 'ACC004', member: agent.number, segments: [{ used: true }] }),
    ]);
    expect(summary.accepted).toBe(1);
    expect((await balanceOf(t.database.db, agent.id))?.available).toBe(5);
  });

  it("credits by the points table of the member's country", async () => {
    const agent = await createAgent(t.database.db, { countryCode: 'ae', officeId: 'DXBAE0001' });
    await sendQueue(t.app, [
      bookingRecord({
        pnr: 'ACC005',
        officeId: 'DXBAE0001',
        member: agent.number,
        segments: [
          { kind: 'air', used: true },
          { kind: 'hotel', used: true },
        ],
      }),
    ]);
    expect((await bookingOf(t.database.db, 'ACC005')).segments.map((s) => s.points)).toEqual([
      7, 10,
    ]);
    expect((await balanceOf(t.database.db, agent.id))?.available).toBe(17);
  });

  it('takes the member from the first remark of the exact form, wherever it is', async () => {
    const first = await member();
    const second = await member();
    await sendQueue(t.app, [
      bookingRecord({
        pnr: 'ACC006',
        remarks: [
          'RM*AMA1234567',
          'RM*AMA  999',
          `RM*AMA ${first.number}`,
          `RM*AMA ${second.number}`,
        ],
      }),
    ]);
    expect(await bookingOf(t.database.db, 'ACC006')).toMatchObject({
      state: 'accepted',
      agentId: first.id,
    });
  });
});

describe('each rejection keeps its reason, its segments, and earns nothing', () => {
  const expectRejected = async (pnr: string, reason: string, summaryReason = reason) => {
    const booking = await bookingOf(t.database.db, pnr);
    expect(booking.state).toBe('rejected');
    expect(booking.reason).toBe(reason);
    expect(booking.segments.every((s) => s.points === 0 && s.creditedAgentId === null)).toBe(true);
    return { booking, summaryReason };
  };

  it('no-remark: no remark starts with RM*AMA', async () => {
    const summary = await sendQueue(t.app, [
      bookingRecord({ pnr: 'REJ001', remarks: ['RM OTHER TEXT', 'RM*AM 1000001'] }),
    ]);
    expect(summary.rejected['no-remark']).toBe(1);
    expect(summary.accepted).toBe(0);
    const { booking } = await expectRejected('REJ001', 'no-remark');
    expect(booking).toMatchObject({ memberNumber: null, agentId: null });
    expect(booking.segments).toHaveLength(1);
  });

  it('remark-without-space: keeps the number so that its member can see the booking', async () => {
    const agent = await member();
    const summary = await sendQueue(t.app, [
      bookingRecord({
        pnr: 'REJ002',
        remarks: [`RM*AMA${agent.number}`],
        segments: [{ used: true }],
      }),
    ]);
    expect(summary.rejected['remark-without-space']).toBe(1);
    const { booking } = await expectRejected('REJ002', 'remark-without-space');
    expect(booking.memberNumber).toBe(agent.number);
    expect(await balanceOf(t.database.db, agent.id)).toBeUndefined();
  });

  it('malformed-remark: RM*AMA followed by anything but one space and digits', async () => {
    const agent = await member();
    const summary = await sendQueue(t.app, [
      bookingRecord({ pnr: 'REJ003', remarks: [`RM*AMA  ${agent.number}`] }),
      bookingRecord({ pnr: 'REJ004', remarks: ['RM*AMA ABC'] }),
      bookingRecord({ pnr: 'REJ005', remarks: [`RM*AMA ${agent.number} `] }),
    ]);
    expect(summary.rejected['malformed-remark']).toBe(3);
    for (const pnr of ['REJ003', 'REJ004', 'REJ005']) await expectRejected(pnr, 'malformed-remark');
  });

  it('unknown-member: no member has the number', async () => {
    const summary = await sendQueue(t.app, [bookingRecord({ pnr: 'REJ006', member: '99999999' })]);
    expect(summary.rejected['unknown-member']).toBe(1);
    const { booking } = await expectRejected('REJ006', 'unknown-member');
    expect(booking).toMatchObject({ memberNumber: '99999999', agentId: null });
  });

  it('inactive-member: pending and deleted members do not earn', async () => {
    const pending = await member({ status: 'pending' });
    const deleted = await member({ status: 'deleted' });
    const summary = await sendQueue(t.app, [
      bookingRecord({ pnr: 'REJ007', member: pending.number, segments: [{ used: true }] }),
      bookingRecord({ pnr: 'REJ008', member: deleted.number, segments: [{ used: true }] }),
    ]);
    expect(summary.rejected['inactive-member']).toBe(2);
    const { booking } = await expectRejected('REJ007', 'inactive-member');
    expect(booking.agentId).toBe(pending.id);
    await expectRejected('REJ008', 'inactive-member');
    expect(await balanceOf(t.database.db, pending.id)).toBeUndefined();
  });

  it('unknown-office: the office ID is not in the directory', async () => {
    const agent = await member();
    const summary = await sendQueue(t.app, [
      bookingRecord({ pnr: 'REJ009', officeId: 'NOWHERE01', member: agent.number }),
    ]);
    expect(summary.rejected['unknown-office']).toBe(1);
    const { booking } = await expectRejected('REJ009', 'unknown-office');
    expect(booking.officeCountryCode).toBeNull();
  });

  it("office-other-country: the office is not in the member's registration country", async () => {
    const agent = await member();
    const summary = await sendQueue(t.app, [
      bookingRecord({
        pnr: 'REJ010',
        officeId: 'DXBAE0001',
        member: agent.number,
        segments: [{ used: true }],
      }),
    ]);
    expect(summary.rejected['office-other-country']).toBe(1);
    const { booking } = await expectRejected('REJ010', 'office-other-country');
    expect(booking).toMatchObject({ officeCountryCode: 'ae', agentId: agent.id });
  });

  it('inactive-office: the agency does not take part', async () => {
    const agent = await member();
    const summary = await sendQueue(t.app, [
      bookingRecord({ pnr: 'REJ011', officeId: 'ATHGR0002', member: agent.number }),
    ]);
    expect(summary.rejected['inactive-office']).toBe(1);
    await expectRejected('REJ011', 'inactive-office');
  });

  it('no-segments: the record has none', async () => {
    const agent = await member();
    const summary = await sendQueue(t.app, [
      bookingRecord({ pnr: 'REJ012', member: agent.number, segments: [] }),
    ]);
    expect(summary.rejected['no-segments']).toBe(1);
    await expectRejected('REJ012', 'no-segments');
  });

  it('all-segments-cancelled: every code HX, UN, UC, NO, XX, XK, XL means cancelled', async () => {
    const agent = await member();
    const codes = ['HX', 'UN', 'UC', 'NO', 'XX', 'XK', 'XL'];
    const summary = await sendQueue(t.app, [
      bookingRecord({
        pnr: 'REJ013',
        member: agent.number,
        segments: codes.map((status) => ({ status, serviceDate: '2026-11-01' })),
      }),
    ]);
    expect(summary.rejected['all-segments-cancelled']).toBe(1);
    const { booking } = await expectRejected('REJ013', 'all-segments-cancelled');
    expect(booking.segments.map((s) => s.status)).toEqual(codes.map(() => 'XX'));
  });

  it('gives the first failing rule: remark, then member, office and segments', async () => {
    const pending = await member({ status: 'pending' });
    await sendQueue(t.app, [
      bookingRecord({ pnr: 'REJ014', officeId: 'NOWHERE01', segments: [] }),
      bookingRecord({ pnr: 'REJ015', officeId: 'NOWHERE01', member: pending.number }),
      bookingRecord({ pnr: 'REJ016', officeId: 'ATHGR0002', member: '99999999', segments: [] }),
    ]);
    await expectRejected('REJ014', 'no-remark');
    await expectRejected('REJ015', 'inactive-member');
    await expectRejected('REJ016', 'unknown-member');
  });
});

describe('malformed lines', () => {
  it('are listed with their line numbers and never stop the import', async () => {
    const agent = await member();
    const good = (pnr: string) => bookingRecord({ pnr, member: agent.number });
    const tooMany = bookingRecord({
      pnr: 'BAD001',
      member: agent.number,
      segments: Array.from({ length: 100 }, () => ({})),
    });
    const body = jsonLines([
      good('MAL001'),
      'not json',
      '',
      { pnr: 'MAL002' },
      { ...good('MAL003'), extra: true },
      good('MAL004'),
      { ...good('MAL005'), createdOn: '2026-02-30' },
      tooMany,
      bookingRecord({ pnr: 'MAL006', member: agent.number, segments: [{ id: 'S' }, { id: 'S' }] }),
      bookingRecord({
        pnr: 'MAL007',
        member: agent.number,
        segments: [{ serviceDate: '2026-12-02', endDate: '2026-12-01' }],
      }),
      { ...good('MAL008'), pnr: 'AB' },
      { ...good('MAL009'), segments: [{ ...good('X').segments[0], kind: 'boat' }] },
      '[1,2]',
      `{"pnr":"${'X'.repeat(70_000)}"}`,
      good('MAL010'),
    ]);
    const response = await postQueue(t.app, body);
    expect(response.statusCode).toBe(200);
    const summary = response.json<{ data: ImportSummary }>().data;
    expect(summary).toMatchObject({ lines: 15, accepted: 3, malformedCount: 11 });
    expect(summary.malformed).toEqual([
      { line: 2, message: 'not valid JSON' },
      {
        line: 4,
        message:
          'officeId: is required; createdOn: is required; remarks: is required; segments: is required',
      },
      { line: 5, message: 'Unrecognized key: "extra"' },
      { line: 7, message: 'createdOn: must be a date YYYY-MM-DD' },
      { line: 8, message: 'segments: must hold at most 99 segments' },
      { line: 9, message: 'segments.1.id: "S" is the id of an earlier segment' },
      { line: 10, message: 'segments.0.endDate: must not be before serviceDate' },
      { line: 11, message: 'pnr: must be 5 to 8 letters or digits' },
      { line: 12, message: 'segments.0.kind: must be one of air, hotel, car, rail' },
      { line: 13, message: 'must be a JSON object' },
      { line: 14, message: 'longer than 65536 bytes' },
    ]);
    for (const pnr of ['MAL001', 'MAL004', 'MAL010']) {
      expect((await bookingOf(t.database.db, pnr)).state).toBe('accepted');
    }
    await expect(bookingOf(t.database.db, 'MAL003')).rejects.toThrow();
  });
});
