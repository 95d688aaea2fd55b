import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { MembersByMonth, RedemptionsByGift } from '@club/contract/staff-reports';
import { utf8Bom } from '../../lib/csv.js';
import { createAgent } from '../../testing/factories.js';
import { createTestGift, placeTestOrder } from '../../testing/gift-orders.js';
import { creditAdditional } from '../../testing/points-data.js';
import { createStaff, staffCall, staffLogin } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { agents } from '../agents/schema.js';
import { giftOrders, giftTexts } from '../gifts/schema.js';

/**
 * Enrolments and active members per month, and gifts redeemed
 * (docs/staff-console.md#reports), on known data: registrations dated in
 * the months, members who earned or ordered (a lapse or a refund makes no
 * one active), orders with their lines (a refunded one left out).
 */
let t: TestApp;
const clock = Date.parse('2031-03-15T10:00:00Z');
let manager = '';

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = t.database.db;
  manager = await staffLogin(t.app, await createStaff(db, 'manager', ['gr']), clock);
  const early = await createAgent(db, { countryCode: 'gr' });
  const late = await createAgent(db, { countryCode: 'gr' });
  const idle = await createAgent(db, { countryCode: 'gr' });
  const abroad = await createAgent(db, { countryCode: 'ae', languageCode: 'ara' });
  await db
    .update(agents)
    .set({ createdAt: new Date('2031-01-05T08:00:00Z') })
    .where(eq(agents.id, early.id));
  await db
    .update(agents)
    .set({ createdAt: new Date('2031-03-02T08:00:00Z') })
    .where(inArray(agents.id, [late.id, abroad.id]));
  await db
    .update(agents)
    .set({ createdAt: new Date('2029-06-01T08:00:00Z') })
    .where(eq(agents.id, idle.id));

  await creditAdditional(db, early.id, '2031-01-10', 30, 'Goodwill');
  const mug = await createTestGift(db, 'gr', { points: 100 });
  await db
    .insert(giftTexts)
    .values({ giftId: mug, languageCode: 'eng', description: 'Coffee mug' });
  const bag = await createTestGift(db, 'gr', { points: 40 });
  // Orders of March (each credits the member the points first): early twice, late once.
  await placeTestOrder(db, early, {
    giftId: mug,
    quantity: 2,
    at: Date.parse('2031-03-03T09:00:00Z'),
  });
  await placeTestOrder(db, late, { giftId: mug, at: Date.parse('2031-03-04T09:00:00Z') });
  const refunded = await placeTestOrder(db, late, {
    giftId: bag,
    description: 'Tote bag',
    at: Date.parse('2031-03-05T09:00:00Z'),
  });
  await db.update(giftOrders).set({ state: 'failed' }).where(eq(giftOrders.id, refunded.orderId));
  await placeTestOrder(db, early, {
    giftId: bag,
    description: 'Tote bag',
    at: Date.parse('2031-03-06T09:00:00Z'),
  });
  // An order before the range does not count.
  await placeTestOrder(db, idle, { giftId: bag, at: Date.parse('2030-10-06T09:00:00Z') });
  await creditAdditional(db, abroad.id, '2031-03-03', 10, 'Goodwill');
});
afterAll(() => t.close());

const get = async (url: string) => {
  const answer = await staffCall(t.app, manager, 'GET', url);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
};

describe('members by month', () => {
  it('counts enrolments and the members who earned or redeemed, month by month, this month named', async () => {
    const answer = await get('/s2c/staff/v1/reports/members-by-month?months=3');
    expect(answer.json<{ data: MembersByMonth }>().data).toEqual({
      country: null,
      countries: ['gr'],
      currentMonth: '2031-03',
      months: [
        { month: '2031-01', enrolments: 1, active: 1 },
        { month: '2031-02', enrolments: 0, active: 0 },
        { month: '2031-03', enrolments: 1, active: 2 },
      ],
    });
    const csv = await get('/s2c/staff/v1/reports/members-by-month.csv?months=2');
    expect(csv.body).toBe(
      `${utf8Bom}Month,Enrolments,Active members,Current month\r\n2031-02,0,0,\r\n2031-03,1,2,yes\r\n`,
    );
  });
});

describe('redemptions by gift', () => {
  it('sums the orders, items and points of each gift in the months, refunded orders left out', async () => {
    const answer = await get('/s2c/staff/v1/reports/redemptions-by-gift?months=3');
    const data = answer.json<{ data: RedemptionsByGift }>().data;
    expect(data.from).toBe('2031-01');
    expect(data.items.map(({ giftId: _id, ...item }) => item)).toEqual([
      { name: 'Coffee mug', orders: 2, quantity: 3, points: 300 },
      { name: 'Tote bag', orders: 1, quantity: 1, points: 40 },
    ]);
    const csv = await get('/s2c/staff/v1/reports/redemptions-by-gift.csv?months=3');
    expect(csv.body.split('\r\n').slice(0, 3)).toEqual([
      `${utf8Bom}Gift,Gift id,Orders,Items,Points`,
      `Coffee mug,${data.items[0]!.giftId},2,3,300`,
      `Tote bag,${data.items[1]!.giftId},1,1,40`,
    ]);
  });
});
