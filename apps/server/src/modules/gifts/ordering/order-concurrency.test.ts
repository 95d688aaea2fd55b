import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { RedeemResult } from '@club/contract/gifts';
import { logIn, submitPage } from '../../../testing/account-helpers.js';
import { createAgent } from '../../../testing/factories.js';
import { creditAdditional } from '../../../testing/points-data.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { serverUrl } from '../../../testing/test-database.js';
import { pointBalances } from '../../points/schema.js';
import { giftOrders, gifts } from '../schema.js';
import { newOrderKey } from './gifts-pages.js';
import { setTaxOk } from './ordering-rules.js';
import { loadTestCatalogue } from '../../../testing/gift-catalogue.js';

/**
 * Concurrent orders on PostgreSQL (the embedded database has one connection,
 * so nothing runs concurrently there): points and stock are never overspent,
 * and one order key places one order.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => Date.parse('2026-11-22T10:00:00Z') });
  await loadTestCatalogue(t.database.db);
});
afterAll(() => t.close());

async function member(points: number) {
  const agent = await createAgent(t.database.db);
  await setTaxOk(t.database.db, agent.id, true);
  await creditAdditional(t.database.db, agent.id, '2026-11-01', points, 'Bonus');
  return { ...agent, token: await logIn(t.app, agent.number, agent.password) };
}

const submit = (m: { token: string }, listgifts: string, orderKey = newOrderKey()) =>
  submitPage<RedeemResult>(
    t.app,
    'redeem-points',
    { listgifts, delivery: 'self', orderKey },
    { token: m.token, countryCode: 'gr' },
  );

const countOrders = async (agentId: number) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(giftOrders)
      .where(eq(giftOrders.agentId, agentId))
  )[0]!.n;

describe.runIf(serverUrl !== undefined)('concurrent orders (PostgreSQL)', () => {
  it('a member holding exactly k × price gets exactly k of 200 concurrent orders', async () => {
    const k = 7;
    const price = 10; // gift 1003, not counted
    const m = await member(k * price);
    const answers = await Promise.all(Array.from({ length: 200 }, () => submit(m, '1003:1')));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.data.ordered)).toHaveLength(k);
    expect(answers.filter((answer) => answer.data.noneDet)).toHaveLength(200 - k);
    expect(Math.min(...answers.map((answer) => answer.data.Refresh))).toBe(0);
    const [balance] = await t.database.db
      .select()
      .from(pointBalances)
      .where(eq(pointBalances.agentId, m.id));
    expect(balance).toMatchObject({ available: 0, used: k * price });
    expect(await countOrders(m.id)).toBe(k);
  });

  it('200 concurrent orders of several members never take more than the stock', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => member(10_000)));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => submit(members[index % 10]!, '1002:1')),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.data.ordered)).toHaveLength(3);
    const [gift] = await t.database.db.select().from(gifts).where(eq(gifts.id, 1002));
    expect(gift?.stock).toBe(0);
    const balances = await t.database.db.select().from(pointBalances);
    expect(balances.every((row) => row.available >= 0)).toBe(true);
  });

  it('an order in flight for a gift without counted stock does not hold up another member ordering it', async () => {
    const second = await member(1000);
    // What an order in flight holds on gift 1003 until it commits.
    const answer = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from gifts where id = 1003 for share`);
      const waited = new Promise<'waiting'>((resolve) =>
        setTimeout(() => resolve('waiting'), 10_000),
      );
      return Promise.race([submit(second, '1003:1'), waited]);
    });
    expect(answer).not.toBe('waiting');
    expect(answer).toMatchObject({ status: 200, data: { ordered: true, Refresh: 990 } });
    expect(await countOrders(second.id)).toBe(1);
  });

  it('the same order key submitted 50 times concurrently places one order', async () => {
    const m = await member(1000);
    const key = newOrderKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => submit(m, '1001:1', key)));
    expect(answers.every((answer) => answer.status === 200 && answer.data.ordered)).toBe(true);
    expect(new Set(answers.map((answer) => answer.data.orderId)).size).toBe(1);
    expect(await countOrders(m.id)).toBe(1);
    const [balance] = await t.database.db
      .select()
      .from(pointBalances)
      .where(eq(pointBalances.agentId, m.id));
    expect(balance?.available).toBe(900);
  });
});
