import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { defaultSegmentPoints } from '@club/contract/points';
import { utf8Bom } from '../../lib/csv.js';
import { createAgent, createOffice } from '../../testing/factories.js';
import { insertBooking } from '../../testing/points-data.js';
import { createStaff, staffCall, staffLogin } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { giftOrders } from '../gifts/schema.js';
import { offices } from '../offices/schema.js';
import { LedgerSession } from '../points/ledger.js';

/**
 * The reports on known data: each figure, only the staff member's countries
 * (another country is 404), and each as CSV.
 */
let t: TestApp;
const clock = Date.parse('2031-03-15T10:00:00Z');
const tokens: Record<'admin' | 'managerGr' | 'supportGr', string> = {
  admin: '',
  managerGr: '',
  supportGr: '',
};

async function ledger(
  agentIds: number[],
  day: string,
  write: (session: LedgerSession) => void | Promise<void>,
) {
  await t.database.db.transaction(async (tx) => {
    const session = await LedgerSession.open(tx, agentIds, day);
    await write(session);
    await session.flush();
  });
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = t.database.db;
  const admin = await createStaff(db, 'admin');
  const managerGr = await createStaff(db, 'manager', ['gr']);
  const supportGr = await createStaff(db, 'support', ['gr']);
  tokens.admin = await staffLogin(t.app, admin, clock);
  tokens.managerGr = await staffLogin(t.app, managerGr, clock);
  tokens.supportGr = await staffLogin(t.app, supportGr, clock);

  const spender = await createAgent(db, { countryCode: 'gr' });
  const lapsed = await createAgent(db, { countryCode: 'gr' });
  const lapsing = await createAgent(db, { countryCode: 'gr' });
  const abroad = await createAgent(db, { countryCode: 'ae', languageCode: 'ara' });
  await createAgent(db, { countryCode: 'gr', status: 'pending' });

  await ledger([lapsed.id], '2028-01-20', (s) =>
    s.credit(lapsed.id, { kind: 'segment', amount: 40 }),
  );
  await ledger([lapsing.id], '2028-06-01', (s) =>
    s.credit(lapsing.id, { kind: 'additional', amount: 15 }),
  );
  await ledger([spender.id], '2031-01-10', (s) =>
    s.credit(spender.id, { kind: 'segment', amount: 100 }),
  );
  await ledger([spender.id], '2031-02-05', (s) => {
    s.debit(spender.id, { kind: 'order', amount: 30, orderId: 1 });
    s.debit(spender.id, { kind: 'order', amount: 12, orderId: 2 });
  });
  await ledger([spender.id], '2031-02-06', async (s) => {
    s.credit(spender.id, { kind: 'additional', amount: 20 });
    await s.refundOrder(spender.id, 2);
  });
  // The lapsed member's credit of 2028-01-20 lapses when their points are next opened.
  await ledger([lapsed.id], '2031-02-10', () => undefined);
  await ledger([abroad.id], '2031-02-01', (s) =>
    s.credit(abroad.id, { kind: 'segment', amount: 50 }),
  );
  await insertBooking(db, {
    pnr: 'PEND01',
    agentId: spender.id,
    createdOn: '2031-03-01',
    segments: [
      { kind: 'air', serviceDate: '2031-04-01', status: 'PD' },
      { kind: 'hotel', serviceDate: '2031-04-02', status: 'PD' },
    ],
  });

  const order = { delivery: 'self' as const, totalPoints: 30, provider: 'manual' };
  await db.insert(giftOrders).values([
    { ...order, agentId: spender.id, countryCode: 'gr', orderKey: 'a', state: 'placed' },
    { ...order, agentId: spender.id, countryCode: 'gr', orderKey: 'b', state: 'failed' },
    { ...order, agentId: abroad.id, countryCode: 'ae', orderKey: 'c', state: 'fulfilled' },
  ]);
});
afterAll(() => t.close());

/** A month's earned points by source (bookings, campaigns, claims, staff) and their sum. */
const earned = (bookings: number, campaigns: number, claims: number, staff: number) => ({
  earned: bookings + campaigns + claims + staff,
  fromBookings: bookings,
  fromCampaigns: campaigns,
  fromClaims: claims,
  fromStaff: staff,
});

const get = (who: keyof typeof tokens, url: string) => staffCall(t.app, tokens[who], 'GET', url);
const dataOf = <T>(response: { json<R>(): R }) => response.json<{ data: T }>().data;

describe('points by month', () => {
  it('sums earned, spent (less refunds) and expired points per month of the country', async () => {
    const response = await get('managerGr', '/s2c/staff/v1/reports/points-by-month?months=3');
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toEqual({
      country: null,
      countries: ['gr'],
      currentMonth: '2031-03',
      months: [
        { month: '2031-01', ...earned(100, 0, 0, 0), spent: 0, expired: 0 },
        { month: '2031-02', ...earned(0, 0, 0, 20), spent: 30, expired: 40 },
        { month: '2031-03', ...earned(0, 0, 0, 0), spent: 0, expired: 0 },
      ],
    });
  });

  it('covers every country for an admin, or the one chosen, and 24 months by default', async () => {
    const all = dataOf<{ countries: string[]; months: { month: string; earned: number }[] }>(
      await get('admin', '/s2c/staff/v1/reports/points-by-month'),
    );
    expect(all.countries).toEqual(['ae', 'gr']);
    expect(all.months).toHaveLength(24);
    expect(all.months.at(-1)?.month).toBe('2031-03');
    expect(all.months.find((row) => row.month === '2031-02')?.earned).toBe(70);
    const ae = dataOf<{ country: string; months: { month: string; earned: number }[] }>(
      await get('admin', '/s2c/staff/v1/reports/points-by-month?country=ae&months=2'),
    );
    expect(ae.country).toBe('ae');
    expect(ae.months).toEqual([
      { month: '2031-02', ...earned(50, 0, 0, 0), spent: 0, expired: 0 },
      { month: '2031-03', ...earned(0, 0, 0, 0), spent: 0, expired: 0 },
    ]);
  });

  it('refuses a months range it cannot show with a message, not a 500', async () => {
    for (const months of ['0', '121', 'abc', '2.5']) {
      const response = await get('admin', `/s2c/staff/v1/reports/points-by-month?months=${months}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ data: Record<string, string> }>().data.months).toEqual(
        expect.any(String),
      );
    }
    const country = await get('admin', '/s2c/staff/v1/reports/points-by-month?country=GRE');
    expect(country.statusCode).toBe(400);
  });
});

describe('lapse forecast', () => {
  it('lists the open lots’ points by the month they lapse, for this month and the next eleven', async () => {
    const report = dataOf<{ months: { month: string; points: number }[] }>(
      await get('managerGr', '/s2c/staff/v1/reports/lapse-forecast'),
    );
    expect(report.months).toHaveLength(12);
    expect(report.months[0]).toEqual({ month: '2031-03', points: 0 });
    expect(report.months.at(-1)?.month).toBe('2032-02');
    expect(report.months.filter((row) => row.points !== 0)).toEqual([
      { month: '2031-06', points: 15 },
    ]);
  });
});

describe('outstanding points', () => {
  it('gives each country’s available points and, apart, what its pending segments will earn', async () => {
    expect(dataOf(await get('admin', '/s2c/staff/v1/reports/outstanding'))).toEqual({
      country: null,
      countries: ['ae', 'gr'],
      items: [
        { countryCode: 'ae', available: 50, pending: 0 },
        {
          countryCode: 'gr',
          available: 100 - 30 + 20 + 15,
          pending: defaultSegmentPoints.air + defaultSegmentPoints.hotel,
        },
      ],
    });
  });
});

describe('state counts', () => {
  it('counts members by state in the staff member’s countries, every state listed', async () => {
    expect(dataOf(await get('supportGr', '/s2c/staff/v1/reports/members-by-state'))).toEqual({
      country: null,
      countries: ['gr'],
      items: [
        { state: 'pending', count: 1 },
        { state: 'active', count: 3 },
        { state: 'deletion_requested', count: 0 },
        { state: 'deleted', count: 0 },
      ],
    });
  });

  it('counts offices taking part, opted out and direct', async () => {
    const db = t.database.db;
    const read = async () =>
      dataOf<{ items: { state: string; count: number }[] }>(
        await get('managerGr', '/s2c/staff/v1/reports/offices-by-state?country=gr'),
      ).items;
    const before = await read();
    expect(before.map((row) => row.state)).toEqual(['active', 'inactive', 'direct']);
    const [active] = await db
      .select({ n: count() })
      .from(offices)
      .where(
        and(
          eq(offices.countryCode, 'gr'),
          eq(offices.active, true),
          eq(offices.isAmadeusDirectOffice, false),
        ),
      );
    expect(before[0]?.count).toBe(active!.n);
    await createOffice(db, { countryCode: 'gr', active: false });
    await createOffice(db, { countryCode: 'gr', active: false });
    await createOffice(db, { countryCode: 'gr', isAmadeusDirectOffice: true });
    await createOffice(db, { countryCode: 'ae', active: false });
    expect((await read()).map((row, index) => row.count - before[index]!.count)).toEqual([0, 2, 1]);
  });

  it('counts gift orders by state', async () => {
    expect(dataOf(await get('managerGr', '/s2c/staff/v1/reports/orders-by-state'))).toMatchObject({
      items: [
        { state: 'placed', count: 1 },
        { state: 'submitted', count: 0 },
        { state: 'fulfilled', count: 0 },
        { state: 'failed', count: 1 },
      ],
    });
    const ae = dataOf<{ items: { state: string; count: number }[] }>(
      await get('admin', '/s2c/staff/v1/reports/orders-by-state?country=ae'),
    );
    expect(ae.items.find((row) => row.state === 'fulfilled')?.count).toBe(1);
  });
});

describe('country scope', () => {
  const reports = [
    'points-by-month',
    'lapse-forecast',
    'outstanding',
    'members-by-state',
    'offices-by-state',
    'orders-by-state',
  ];

  it('answers 404 for a country the staff member does not work in, as JSON and as CSV', async () => {
    for (const name of reports) {
      for (const suffix of ['', '.csv']) {
        const url = `/s2c/staff/v1/reports/${name}${suffix}?country=ae`;
        expect((await get('managerGr', url)).statusCode, url).toBe(404);
        expect((await get('supportGr', url)).statusCode, url).toBe(404);
      }
    }
    // An admin too, for a country the club does not have.
    expect((await get('admin', '/s2c/staff/v1/reports/outstanding?country=zz')).statusCode).toBe(
      404,
    );
  });

  it('answers 401 without a staff session', async () => {
    for (const name of reports) {
      const response = await staffCall(t.app, undefined, 'GET', `/s2c/staff/v1/reports/${name}`);
      expect(response.statusCode).toBe(401);
    }
  });

  it('never counts another country’s figures in a manager’s reports', async () => {
    const outstanding = dataOf<{ items: { countryCode: string }[] }>(
      await get('managerGr', '/s2c/staff/v1/reports/outstanding'),
    );
    expect(outstanding.items.map((item) => item.countryCode)).toEqual(['gr']);
  });
});

describe('CSV', () => {
  it('downloads each report with English column names, a byte-order mark and CRLF lines', async () => {
    const headers: Record<string, string> = {
      'points-by-month':
        'Month,Earned,Earned from bookings,Earned from campaigns,Earned from claims,Earned from staff credits,Spent,Expired,Current month',
      'lapse-forecast': 'Month,Points lapsing,Current month',
      outstanding: 'Country,Available points,Pending points',
      'members-by-state': 'State,Members',
      'offices-by-state': 'State,Offices',
      'orders-by-state': 'State,Orders',
    };
    for (const [name, header] of Object.entries(headers)) {
      const response = await get('managerGr', `/s2c/staff/v1/reports/${name}.csv`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${name}-all-2031-03-15.csv"`,
      );
      expect(response.body.startsWith(`${utf8Bom}${header}\r\n`)).toBe(true);
      expect(response.body.endsWith('\r\n')).toBe(true);
    }
  });

  it('holds the figures of the JSON report, for the chosen country', async () => {
    const response = await get(
      'managerGr',
      '/s2c/staff/v1/reports/points-by-month.csv?country=gr&months=3',
    );
    expect(response.headers['content-disposition']).toContain('points-by-month-gr-2031-03-15.csv');
    expect(response.body).toBe(
      `${utf8Bom}Month,Earned,Earned from bookings,Earned from campaigns,Earned from claims,Earned from staff credits,Spent,Expired,Current month\r\n` +
        '2031-01,100,100,0,0,0,0,0,\r\n2031-02,20,0,0,0,20,30,40,\r\n2031-03,0,0,0,0,0,0,0,yes\r\n',
    );
    const states = await get('managerGr', '/s2c/staff/v1/reports/members-by-state.csv');
    expect(states.body).toBe(
      `${utf8Bom}State,Members\r\npending,1\r\nactive,3\r\ndeletion_requested,0\r\ndeleted,0\r\n`,
    );
  });

  it('names order states in the queue’s words: a failed order reads Refunded, never Failed', async () => {
    const orders = await get('managerGr', '/s2c/staff/v1/reports/orders-by-state.csv');
    expect(orders.body).toBe(
      `${utf8Bom}State,Orders\r\nPlaced,1\r\nSent to the provider,0\r\nFulfilled,0\r\nRefunded,1\r\n`,
    );
  });
});
