import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RedeemResult } from '@club/contract/gifts';
import { logIn, submitPage } from '../../testing/account-helpers.js';
import { ledgerProblems } from '../../testing/booking-records.js';
import { createAgent } from '../../testing/factories.js';
import { loadTestCatalogue } from '../../testing/gift-catalogue.js';
import { creditAdditional } from '../../testing/points-data.js';
import { createStaff, staffCall, staffLogin } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { serverUrl } from '../../testing/test-database.js';
import { newOrderKey } from '../gifts/ordering/gifts-pages.js';
import { setTaxOk } from '../gifts/ordering/ordering-rules.js';
import { giftOrders } from '../gifts/schema.js';
import { pointBalances } from '../points/schema.js';

/**
 * Bulk adjustments at the same moment as orders and other files, on
 * PostgreSQL (the embedded database is one connection, so nothing runs
 * concurrently there): a debit of a file and an order never spend the same
 * points twice, files locking members in another order never deadlock, and
 * one file sent several times at once is applied once.
 */
const clock = Date.parse('2026-11-22T10:00:00Z');

describe.runIf(serverUrl !== undefined)('bulk adjustments under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let staffToken = '';
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    await loadTestCatalogue(t.database.db);
    staffToken = await staffLogin(
      t.app,
      await createStaff(t.database.db, 'manager', ['gr']),
      clock,
    );
  });
  afterAll(() => t.close());

  async function member(points: number) {
    const agent = await createAgent(t.database.db);
    await setTaxOk(t.database.db, agent.id, true);
    await creditAdditional(t.database.db, agent.id, '2026-11-01', points, 'Bonus');
    return agent;
  }
  const bulk = (file: string) =>
    staffCall(t.app, staffToken, 'POST', '/s2c/staff/v1/bulk-adjustments', { file });
  const available = async (agentId: number) =>
    (
      await t.database.db
        .select({ available: pointBalances.available })
        .from(pointBalances)
        .where(eq(pointBalances.agentId, agentId))
    )[0]?.available;

  it('a file’s debit and an order at once: one of them gets the points, never both', async () => {
    for (let round = 0; round < 10; round++) {
      const m = await member(100);
      const token = await logIn(t.app, m.number, m.password);
      // Gift 1003 costs 10 points and is not counted: eight of them take 80.
      const [file, order] = await Promise.all([
        bulk(`${m.number},-80,Round ${round}\n`),
        submitPage<RedeemResult>(
          t.app,
          'redeem-points',
          { listgifts: '1003:8', delivery: 'self', orderKey: newOrderKey() },
          { token, countryCode: 'gr' },
        ),
      ]);
      const ordered = order.status === 200 && order.data.ordered === true;
      const debited = file.statusCode === 200;
      expect([ordered, debited].filter(Boolean), `round ${round}`).toHaveLength(1);
      if (!debited) expect(file.statusCode).toBe(400);
      expect(await available(m.id)).toBe(20);
      const orders = await t.database.db
        .select({ id: giftOrders.id })
        .from(giftOrders)
        .where(eq(giftOrders.agentId, m.id));
      expect(orders).toHaveLength(ordered ? 1 : 0);
    }
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('two files naming the same members in opposite orders both apply: no deadlock', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await member(100), await member(100)];
      const answers = await Promise.all([
        bulk(`${a.number},-10,A first ${round}\n${b.number},-10,then B ${round}\n`),
        bulk(`${b.number},-20,B first ${round}\n${a.number},-20,then A ${round}\n`),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect([await available(a.id), await available(b.id)]).toEqual([70, 70]);
    }
  });

  it('one file sent four times at once is applied once (the others answer 409)', async () => {
    const m = await member(0);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => bulk(`${m.number},30,Sent four times\n`)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await available(m.id)).toBe(130 - 100);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});
