import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  ArchivePointsPage,
  ExpiryForecast,
  PointsPage,
  StatusReport,
} from '@club/contract/points';
import { getPage, logIn, outboxRows } from '../../testing/account-helpers.js';
import { createAgent } from '../../testing/factories.js';
import { creditAdditional, insertBooking } from '../../testing/points-data.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestGift, placeTestOrder } from '../../testing/gift-orders.js';
import { giftTexts } from '../gifts/schema.js';
import { dayOf } from './calendar-days.js';
import { LedgerSession } from './ledger.js';
import { bookingSegments, expiryReminders, pointArchives } from './schema.js';
import { statusReport } from './status-report.js';

let t: TestApp;
let clock = Date.parse('2026-11-22T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());
beforeEach(() => {
  clock = Date.parse('2026-11-22T10:00:00Z');
});

let pnrCounter = 0;
const nextPnr = () => `PN${String(++pnrCounter).padStart(4, '0')}`;

async function member(overrides: Parameters<typeof createAgent>[1] = {}) {
  const agent = await createAgent(t.database.db, overrides);
  const token = await logIn(t.app, agent.number, agent.password);
  return { ...agent, token };
}

async function report(number: string, token: string) {
  const response = await t.app.inject({
    url: `/s2c/auth/v1/agent-points?number=${number}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, data: response.json<{ data: StatusReport }>().data };
}

describe('GET /s2c/auth/v1/agent-points (status report)', () => {
  it('answers zeros for a new member, and edenredIsOff from the configuration', async () => {
    const agent = await member();
    expect(await report(agent.number, agent.token)).toEqual({
      status: 200,
      data: {
        totalSegmentsPD: 0,
        totalSegmentsOk: 0,
        totalSegments: 0,
        accumulated: 0,
        used: 0,
        expired: 0,
        available: 0,
        regular: 0,
        additional: 0,
        edenredIsOff: false,
        orderingClosed: false,
        orderingReopensOn: null,
      },
    });
  });

  it('counts segments and points of the ledger', async () => {
    const agent = await member();
    await insertBooking(t.database.db, {
      pnr: nextPnr(),
      agentId: agent.id,
      createdOn: '2026-10-01',
      segments: [
        { kind: 'air', serviceDate: '2026-10-05', status: 'OK', points: 5 },
        { kind: 'hotel', serviceDate: '2026-10-05', status: 'OK', points: 10 },
        { kind: 'car', serviceDate: '2027-01-05', status: 'PD' },
        { kind: 'rail', serviceDate: '2026-10-05', status: 'XX' },
      ],
    });
    await creditAdditional(t.database.db, agent.id, '2026-10-10', 20, 'Welcome bonus');
    expect((await report(agent.number, agent.token)).data).toMatchObject({
      totalSegmentsPD: 1,
      totalSegmentsOk: 2,
      totalSegments: 3,
      accumulated: 35,
      regular: 15,
      additional: 20,
      used: 0,
      expired: 0,
      available: 35,
    });
  });

  it('lets points lapse before it reports, even when the clock job has not run', async () => {
    const agent = await member();
    await creditAdditional(t.database.db, agent.id, '2023-11-22', 40, 'Old bonus');
    await creditAdditional(t.database.db, agent.id, '2024-01-10', 10, 'Newer bonus');
    expect((await report(agent.number, agent.token)).data).toMatchObject({
      accumulated: 50,
      expired: 40,
      available: 10,
    });
  });

  it("answers only the caller's own number", async () => {
    const agent = await member();
    const other = await member();
    expect((await report(other.number, agent.token)).status).toBe(403);
    const anonymous = await t.app.inject({
      url: `/s2c/auth/v1/agent-points?number=${agent.number}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({
      url: '/s2c/auth/v1/agent-points?number=12ab',
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the status report read with the session', () => {
  /** The report as a fresh read of the balance row builds it (statusReport without a known row). */
  async function fromLedger(agentId: number) {
    return {
      ...(await statusReport(t.database.db, agentId, dayOf(clock), false)),
      orderingClosed: false,
      orderingReopensOn: null,
    };
  }

  async function debit(agentId: number, kind: 'order' | 'reversal' | 'additional', amount: number) {
    await t.database.db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [agentId], dayOf(clock));
      session.debit(agentId, { kind, amount, description: 'Test' });
      await session.flush();
    });
  }

  it('equals the ledger after every kind of entry', async () => {
    const agent = await member();
    const matches = async () =>
      expect((await report(agent.number, agent.token)).data).toEqual(await fromLedger(agent.id));
    await matches();
    await insertBooking(t.database.db, {
      pnr: nextPnr(),
      agentId: agent.id,
      createdOn: '2026-10-01',
      segments: [
        { kind: 'air', serviceDate: '2026-10-05', status: 'OK', points: 5 },
        { kind: 'car', serviceDate: '2027-01-05', status: 'PD' },
      ],
    });
    await matches();
    await creditAdditional(t.database.db, agent.id, '2026-10-10', 20, 'Welcome bonus');
    await matches();
    await debit(agent.id, 'order', 7);
    await matches();
    await debit(agent.id, 'additional', 3);
    await matches();
    await debit(agent.id, 'reversal', 2);
    await matches();
    await creditAdditional(t.database.db, agent.id, '2023-11-22', 40, 'Old bonus');
    // Points whose day has come lapse before the report, as without the session's row.
    expect((await report(agent.number, agent.token)).data).toMatchObject({ expired: 40 });
    await matches();
    clock = Date.parse('2029-10-11T10:00:00Z');
    const later = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/token/agent',
      payload: { username: agent.number, password: agent.password },
    });
    const token = later.json<{ data: { token: string } }>().data.token;
    expect((await report(agent.number, token)).data).toEqual(await fromLedger(agent.id));
  });

  it('keeps the rules of an open session: a revoked one is refused', async () => {
    const agent = await member();
    await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/agents/logout',
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect((await report(agent.number, agent.token)).status).toBe(401);
  });
});

describe('GET /s2c/auth/v1/agent-points/forecast', () => {
  it('lists the points lapsing in each of the next 12 months and the next lapse', async () => {
    const agent = await member();
    await creditAdditional(t.database.db, agent.id, '2023-12-05', 30, 'A');
    await creditAdditional(t.database.db, agent.id, '2023-12-20', 5, 'B');
    await creditAdditional(t.database.db, agent.id, '2024-06-01', 7, 'C');
    await creditAdditional(
      t.database.db,
      agent.id,
      '2025-12-01',
      100,
      'D (lapses after the window)',
    );
    const response = await t.app.inject({
      url: `/s2c/auth/v1/agent-points/forecast?number=${agent.number}`,
      headers: { authorization: `Bearer ${agent.token}` },
    });
    const forecast = response.json<{ data: ExpiryForecast }>().data;
    expect(forecast.months).toHaveLength(12);
    expect(forecast.months[0]).toEqual({ month: '2026-11', points: 0 });
    expect(forecast.months[1]).toEqual({ month: '2026-12', points: 35 });
    expect(forecast.months.find((month) => month.month === '2027-06')).toEqual({
      month: '2027-06',
      points: 7,
    });
    expect(forecast.months.reduce((sum, month) => sum + month.points, 0)).toBe(42);
    expect(forecast.next).toEqual({ date: '2026-12-05', points: 30 });
  });
});

describe('page points', () => {
  it('lists the PNRs with legs, OK legs, worth, points and status, and the tabs', async () => {
    const agent = await member();
    const pnr = nextPnr();
    await insertBooking(t.database.db, {
      pnr,
      agentId: agent.id,
      createdOn: '2026-09-01',
      segments: [
        { kind: 'air', serviceDate: '2026-09-05', status: 'OK', points: 5 },
        { kind: 'hotel', serviceDate: '2027-02-01', status: 'PD' },
        { kind: 'car', serviceDate: '2026-09-05', status: 'XX' },
      ],
    });
    await creditAdditional(t.database.db, agent.id, '2026-10-01', 15, 'Autumn promotion');
    const page = await getPage<PointsPage>(t.app, 'points', { details: '1' }, agent.token);
    expect(page.status).toBe(200);
    expect(page.data.points).toEqual([
      {
        pnr,
        date: '2026-09-01',
        legs: 2,
        legSOK: 1,
        _Price: 15,
        points: 5,
        status: 'PD',
        segments: [
          {
            segmentId: '1',
            kind: 'air',
            serviceDate: '2026-09-05',
            status: 'OK',
            points: 5,
            expiresOn: '2029-09-01',
            // Credited without rules (written by the test): none to name.
            rules: [],
          },
          {
            segmentId: '2',
            kind: 'hotel',
            serviceDate: '2027-02-01',
            status: 'PD',
            points: 0,
            expiresOn: null,
            // Pending: the rules in force would credit it the base hotel rule.
            rules: [{ kind: 'base', name: '', points: 10, multiplier: null }],
          },
        ],
      },
    ]);
    expect(page.data).toMatchObject({
      totlegsOK: 1,
      totpoints: 5,
      summAdd: 15,
      summUse: 0,
      useArray: [],
      refresh: 20,
      expired: 0,
      details: '1',
      noneDet: false,
      truncated: false,
    });
    expect(page.data.addArray).toEqual([
      expect.objectContaining({ date: '2026-10-01', description: 'Autumn promotion', points: 15 }),
    ]);
    expect(Object.keys(page.data.dictionary ?? {})).toEqual(expect.any(Array));
  });

  it("words the club's reasons in the page's language, staff's as written, and names ordered gifts in it", async () => {
    const agent = await member();
    await creditAdditional(t.database.db, agent.id, '2026-10-01', 500, 'Welcome bonus');
    await creditAdditional(t.database.db, agent.id, '2026-10-02', 15, 'Autumn promotion');
    const giftId = await createTestGift(t.database.db, 'gr');
    await t.database.db.insert(giftTexts).values([
      { giftId, languageCode: 'eng', description: 'Suitcase' },
      { giftId, languageCode: 'ell', description: 'Βαλίτσα' },
    ]);
    // Ordered on the English page.
    await placeTestOrder(t.database.db, agent, { giftId, description: 'Suitcase' });
    const page = (languageCode: string) =>
      getPage<PointsPage>(t.app, 'points', { countryCode: 'gr', languageCode }, agent.token);
    const greek = (await page('ell')).data;
    expect(greek.addArray.map((row) => row.description)).toEqual([
      'Test credit for an order',
      'Autumn promotion',
      'Μπόνους καλωσορίσματος',
    ]);
    expect(greek.orders[0]?.lines.map((line) => line.description)).toEqual(['Βαλίτσα']);
    const english = (await page('eng')).data;
    expect(english.addArray.map((row) => row.description).at(-1)).toBe('Welcome bonus');
    expect(english.orders[0]?.lines.map((line) => line.description)).toEqual(['Suitcase']);
  });

  it('searches by PNR and by date range', async () => {
    const agent = await member();
    const [first, second] = [nextPnr(), nextPnr()];
    await insertBooking(t.database.db, {
      pnr: first,
      agentId: agent.id,
      createdOn: '2026-01-10',
      segments: [{ kind: 'air', serviceDate: '2026-01-12', status: 'OK' }],
    });
    await insertBooking(t.database.db, {
      pnr: second,
      agentId: agent.id,
      createdOn: '2026-05-10',
      segments: [{ kind: 'air', serviceDate: '2026-05-12', status: 'OK' }],
    });
    const byPnr = await getPage<PointsPage>(
      t.app,
      'points',
      { searchBy: 'pnr', pnrSearch: second.toLowerCase() },
      agent.token,
    );
    expect(byPnr.data.points.map((row) => row.pnr)).toEqual([second]);
    const byDate = await getPage<PointsPage>(
      t.app,
      'points',
      { searchBy: 'date', fromDate: '2026-01-01', toDate: '2026-03-31' },
      agent.token,
    );
    expect(byDate.data.points.map((row) => row.pnr)).toEqual([first]);
    const nothing = await getPage<PointsPage>(
      t.app,
      'points',
      { searchBy: 'date', fromDate: '2020-01-01', toDate: '2020-12-31' },
      agent.token,
    );
    expect(nothing.data).toMatchObject({ points: [], noneDet: true });
  });

  it('answers validation messages for a bad search, never an error', async () => {
    const agent = await member();
    const noPnr = await getPage<PointsPage>(
      t.app,
      'points',
      { searchBy: 'pnr', pnrSearch: '' },
      agent.token,
    );
    expect(noPnr.status).toBe(200);
    expect(noPnr.data.validationMessages).toEqual({ pnrSearch: ['Please enter a PNR.'] });
    const badDates = await getPage<PointsPage>(
      t.app,
      'points',
      { searchBy: 'date', fromDate: '2026-13-01', toDate: '' },
      agent.token,
    );
    expect(badDates.data.validationMessages).toEqual({
      fromDate: ['Use the format YYYY-MM-DD.'],
      toDate: ['Please enter a date.'],
    });
    const reversed = await getPage<PointsPage>(
      t.app,
      'points',
      { searchBy: 'date', fromDate: '2026-05-01', toDate: '2026-04-01' },
      agent.token,
    );
    expect(reversed.data.validationMessages).toEqual({
      toDate: ['The start date must not be after the end date.'],
    });
    const unknown = await getPage<PointsPage>(
      t.app,
      'points',
      { searchBy: 'anything' },
      agent.token,
    );
    expect(unknown.status).toBe(200);
    expect(unknown.data.validationMessages).toBeDefined();
  });

  it('answers the date-range message for dates outside the club years, never a 500', async () => {
    const agent = await member();
    const range = 'Use a date from 1900-01-01 to 2199-12-31.';
    for (const [fromDate, toDate, messages] of [
      ['0000-01-01', '2026-01-01', { fromDate: [range] }],
      ['2026-01-01', '9999-12-31', { toDate: [range] }],
      ['0000-01-01', '0000-12-31', { fromDate: [range], toDate: [range] }],
      ['1899-12-31', '2200-01-01', { fromDate: [range], toDate: [range] }],
      ['2026-02-30', '2026-03-01', { fromDate: ['Use the format YYYY-MM-DD.'] }],
      ['2026-01-01T00:00:00+14:00', '2026-03-01', { fromDate: ['Use the format YYYY-MM-DD.'] }],
    ] as const) {
      const answer = await getPage<PointsPage>(
        t.app,
        'points',
        { searchBy: 'date', fromDate, toDate },
        agent.token,
      );
      expect(answer.status, `${fromDate} ${toDate}`).toBe(200);
      expect(answer.data.validationMessages, `${fromDate} ${toDate}`).toEqual(messages);
    }
    const edges = await getPage<PointsPage>(
      t.app,
      'points',
      { searchBy: 'date', fromDate: '1900-01-01', toDate: '2199-12-31' },
      agent.token,
    );
    expect(edges.status).toBe(200);
    expect(edges.data.validationMessages).toBeUndefined();
  });

  it("shows the member's rejected PNRs with their reason, and a PNR without a remark only when searched", async () => {
    const agent = await member();
    const stranger = await member();
    const withoutSpace = nextPnr();
    const noRemark = nextPnr();
    await insertBooking(t.database.db, {
      pnr: withoutSpace,
      agentId: null,
      memberNumber: agent.number,
      createdOn: '2026-03-01',
      state: 'rejected',
      reason: 'remark-without-space',
    });
    await insertBooking(t.database.db, {
      pnr: noRemark,
      agentId: null,
      createdOn: '2026-03-02',
      state: 'rejected',
      reason: 'no-remark',
    });
    const all = await getPage<PointsPage>(t.app, 'points', {}, agent.token);
    expect(all.data.queued).toEqual([
      {
        pnr: withoutSpace,
        date: '2026-03-01',
        officeId: 'ATHGR0001',
        reason: 'remark-without-space',
      },
    ]);
    const searched = await getPage<PointsPage>(
      t.app,
      'points',
      { searchBy: 'pnr', pnrSearch: noRemark },
      agent.token,
    );
    expect(searched.data).toMatchObject({
      noneDet: false,
      queued: [{ pnr: noRemark, reason: 'no-remark' }],
    });
    // Another member never sees the first member's PNRs.
    const theirs = await getPage<PointsPage>(
      t.app,
      'points',
      { searchBy: 'pnr', pnrSearch: withoutSpace },
      stranger.token,
    );
    expect(theirs.data).toMatchObject({ queued: [], noneDet: true });
  });

  it('is for members only', async () => {
    expect((await getPage(t.app, 'points')).status).toBe(401);
  });
});

describe('page archive-points', () => {
  it('shows the archived balance of the member, nothing to guests', async () => {
    const agent = await member();
    await t.database.db.insert(pointArchives).values({
      memberNumber: agent.number,
      archiveDate: '2025-12-31',
      accumulated: 900,
      additional: 100,
      used: 600,
      remaining: 300,
    });
    const page = await getPage<ArchivePointsPage>(t.app, 'archive-points', {}, agent.token);
    expect(page.data).toMatchObject({
      loggedIn: true,
      archive: {
        archiveDate: '2025-12-31',
        accumulated: 900,
        additional: 100,
        used: 600,
        remaining: 300,
      },
    });
    const guest = await getPage<ArchivePointsPage>(t.app, 'archive-points');
    expect(guest.data).toMatchObject({ loggedIn: false, archive: null });
    const other = await member();
    expect(
      (await getPage<ArchivePointsPage>(t.app, 'archive-points', {}, other.token)).data.archive,
    ).toBeNull();
  });
});

describe('the points clock', () => {
  it('credits pending segments once their service is over, once', async () => {
    const agent = await member();
    const bookingId = await insertBooking(t.database.db, {
      pnr: nextPnr(),
      agentId: agent.id,
      createdOn: '2026-11-01',
      segments: [
        { kind: 'hotel', serviceDate: '2026-11-20', status: 'PD' },
        { kind: 'air', serviceDate: '2026-11-22', status: 'PD' },
      ],
    });
    const first = await t.app.pointsClock.runOnce();
    expect(first.credited).toBe(1);
    expect((await report(agent.number, agent.token)).data).toMatchObject({
      totalSegmentsPD: 1,
      totalSegmentsOk: 1,
      regular: 10,
      available: 10,
    });
    expect((await t.app.pointsClock.runOnce()).credited).toBe(0);
    clock = Date.parse('2026-11-23T10:00:00Z');
    await t.app.pointsClock.runOnce();
    expect(
      (await report(agent.number, await logIn(t.app, agent.number, agent.password))).data,
    ).toMatchObject({ totalSegmentsPD: 0, totalSegmentsOk: 2, regular: 15 });
    const segments = await t.database.db
      .select()
      .from(bookingSegments)
      .where(eq(bookingSegments.bookingId, bookingId));
    expect(segments.map((segment) => [segment.status, segment.creditedOn])).toEqual([
      ['OK', '2026-11-22'],
      ['OK', '2026-11-23'],
    ]);
  });

  it('expires lapsed points and reminds members 90, 30 and 7 days before, once each', async () => {
    const agent = await member();
    // Lapses on 2027-01-15: 54 days after today, so the 90-day notice is due now.
    await creditAdditional(t.database.db, agent.id, '2024-01-15', 25, 'Bonus');
    const before = (await outboxRows(t.database.db)).length;
    await t.app.pointsClock.runOnce();
    await t.app.pointsClock.runOnce();
    const mails = (await outboxRows(t.database.db))
      .slice(before)
      .filter((mail) => mail.recipient === agent.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('points-expiry');
    // The date in the member's language, the count with its plural form.
    expect(mails[0]!.text).toContain('25 of your points lapse on 15 January 2027, in 54 days.');
    clock = Date.parse('2026-12-20T10:00:00Z');
    await t.app.pointsClock.runOnce();
    clock = Date.parse('2027-01-09T10:00:00Z');
    await t.app.pointsClock.runOnce();
    await t.app.pointsClock.runOnce();
    const reminders = await t.database.db
      .select()
      .from(expiryReminders)
      .where(eq(expiryReminders.agentId, agent.id));
    expect(reminders.map((row) => row.daysBefore).sort((a, b) => a - b)).toEqual([7, 30, 90]);
    const all = (await outboxRows(t.database.db))
      .slice(before)
      .filter((mail) => mail.recipient === agent.email);
    expect(all).toHaveLength(3);
    // A pass after the notice is claimed does not visit the member again
    // (a million members' lapsing months would be a transaction each, hourly).
    const transactions = vi.spyOn(t.database.db, 'transaction');
    try {
      await t.app.pointsClock.remindOfLapsingPoints('2027-01-09');
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      transactions.mockRestore();
    }
    clock = Date.parse('2027-01-15T10:00:00Z');
    const run = await t.app.pointsClock.runOnce();
    expect(run.expiredMembers).toBeGreaterThanOrEqual(1);
    // Sessions last two days: log in again at the new time.
    const token = await logIn(t.app, agent.number, agent.password);
    expect((await report(agent.number, token)).data).toMatchObject({ available: 0, expired: 25 });
  });
});
