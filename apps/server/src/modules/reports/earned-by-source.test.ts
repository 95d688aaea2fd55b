import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PointsByMonth } from '@club/contract/staff-reports';
import { bookingRecord, queueConfig, sendQueue } from '../../testing/booking-records.js';
import { createAgent } from '../../testing/factories.js';
import { createStaff, staffCall, staffLogin } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { utf8Bom } from '../../lib/csv.js';
import { missingPointsClaims } from '../claims/schema.js';
import { LedgerSession } from '../points/ledger.js';

/**
 * Points by month split earned points by where they came from, through the
 * calls that make them (docs/staff-console.md#reports): the import under a
 * base rule and two campaigns (a multiplier and a fixed bonus), a reversal
 * that takes both parts back, an approved missing-points claim, and staff's
 * credit and debit. The ledger keeps the split in the summaries in the
 * transaction of each entry.
 */

let t: TestApp;
const clock = Date.parse('2030-03-20T09:00:00Z');
let manager = '';

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, config: queueConfig() });
  manager = await staffLogin(t.app, await createStaff(t.database.db, 'manager', ['gr']), clock);
});
afterAll(() => t.close());

const post = async (url: string, body: Record<string, unknown>, status = 200) => {
  const answer = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${manager}` },
    payload: body,
  });
  expect(answer.statusCode, answer.body).toBe(status);
  return answer;
};

const report = async (query = '?country=gr&months=2') => {
  const answer = await staffCall(
    t.app,
    manager,
    'GET',
    `/s2c/staff/v1/reports/points-by-month${query}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: PointsByMonth }>().data;
};

const thisMonth = async () => (await report()).months.at(-1)!;

describe('earned points by source', () => {
  it('counts segment credits at the base rule as bookings and what campaigns added as campaigns', async () => {
    await post(
      '/s2c/staff/v1/earning-rules',
      {
        country: 'gr',
        kind: 'campaign',
        name: 'March hotels double',
        memberNames: { eng: 'March hotels', ell: 'Ξενοδοχεία Μαρτίου' },
        segmentTypes: ['hotel'],
        multiplier: 2,
        from: '2030-03-01',
        to: '2030-03-31',
        basis: 'travel',
      },
      201,
    );
    await post(
      '/s2c/staff/v1/earning-rules',
      {
        country: 'gr',
        kind: 'campaign',
        name: 'Cars booked in February',
        memberNames: { eng: 'February cars', ell: 'Αυτοκίνητα Φεβρουαρίου' },
        segmentTypes: ['car'],
        points: 50,
        from: '2030-02-01',
        to: '2030-02-28',
        basis: 'booking',
      },
      201,
    );
    const member = await createAgent(t.database.db, { countryCode: 'gr' });
    const segments = [
      { id: 'H', kind: 'hotel' as const, serviceDate: '2030-03-05' },
      { id: 'A', kind: 'air' as const, serviceDate: '2030-03-05' },
      { id: 'C', kind: 'car' as const, serviceDate: '2030-03-06' },
    ];
    const summary = await sendQueue(t.app, [
      bookingRecord({ pnr: 'SPLIT1', member: member.number, createdOn: '2030-02-10', segments }),
    ]);
    expect(summary.accepted).toBe(1);
    // Hotel 10 × 2, air 5, car 10 + 50: bookings 10 + 5 + 10, campaigns 10 + 50.
    expect(await thisMonth()).toMatchObject({
      month: '2030-03',
      earned: 85,
      fromBookings: 25,
      fromCampaigns: 60,
      fromClaims: 0,
      fromStaff: 0,
    });

    // The hotel is cancelled: its reversal takes back its base and its campaign part.
    await sendQueue(t.app, [
      bookingRecord({
        pnr: 'SPLIT1',
        member: member.number,
        createdOn: '2030-02-10',
        segments: [{ ...segments[0]!, status: 'XX' }, segments[1]!, segments[2]!],
      }),
    ]);
    expect(await thisMonth()).toMatchObject({ earned: 65, fromBookings: 15, fromCampaigns: 50 });
  });

  it('counts an approved claim as claims and staff adjustments as staff credits', async () => {
    const member = await createAgent(t.database.db, { countryCode: 'gr' });
    const [claim] = await t.database.db
      .insert(missingPointsClaims)
      .values({
        agentId: member.id,
        countryCode: 'gr',
        pnr: 'CLAIM9',
        travelDate: '2030-03-02',
        booked: 'hotel',
        filedAt: new Date(clock),
      })
      .returning({ id: missingPointsClaims.id });
    await post(`/s2c/staff/v1/claims/${claim!.id}/decision`, {
      decision: 'approve',
      points: 30,
      reason: 'The hotel stay is on the invoice',
    });
    await post(`/s2c/staff/v1/members/${member.number}/adjustments`, {
      points: 40,
      reason: 'Goodwill after a complaint',
    });
    await post(`/s2c/staff/v1/members/${member.number}/adjustments`, {
      points: -15,
      reason: 'Credited twice by mistake',
    });
    expect(await thisMonth()).toMatchObject({
      earned: 65 + 30 + 25,
      fromBookings: 15,
      fromCampaigns: 50,
      fromClaims: 30,
      fromStaff: 25,
    });
  });

  it('labels the current month and splits the CSV the same way', async () => {
    const data = await report();
    expect(data.currentMonth).toBe('2030-03');
    expect(data.months.map((row) => row.month)).toEqual(['2030-02', '2030-03']);
    const csv = await staffCall(
      t.app,
      manager,
      'GET',
      '/s2c/staff/v1/reports/points-by-month.csv?country=gr&months=2',
    );
    expect(csv.body).toBe(
      `${utf8Bom}Month,Earned,Earned from bookings,Earned from campaigns,Earned from claims,Earned from staff credits,Spent,Expired,Current month\r\n` +
        '2030-02,0,0,0,0,0,0,0,\r\n' +
        '2030-03,120,15,50,30,25,0,0,yes\r\n',
    );
  });

  it('takes a partial reversal from each source by its share of the credit', async () => {
    const member = await createAgent(t.database.db, { countryCode: 'gr' });
    const before = await thisMonth();
    await t.database.db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [member.id], '2030-03-20');
      session.credit(member.id, { kind: 'segment', amount: 40, campaignPoints: 30 });
      session.debit(member.id, { kind: 'order', amount: 20, orderId: 1 });
      // Only 20 of the 40 are left: half of each part comes back.
      expect(session.debit(member.id, { kind: 'reversal', amount: 40, campaignPoints: 30 })).toBe(
        20,
      );
      await session.flush();
    });
    const after = await thisMonth();
    expect(after.fromBookings - before.fromBookings).toBe(10 - 5);
    expect(after.fromCampaigns - before.fromCampaigns).toBe(30 - 15);
    expect(after.earned - before.earned).toBe(20);
  });
});
