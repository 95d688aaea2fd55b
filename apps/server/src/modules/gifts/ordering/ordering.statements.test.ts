import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { logIn } from '../../../testing/account-helpers.js';
import { createAgent, openGiftOrdering } from '../../../testing/factories.js';
import { creditAdditional } from '../../../testing/points-data.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { loadTestCatalogue } from '../../../testing/gift-catalogue.js';
import { countedStatements } from '../../../testing/counted-statements.js';
import { giftOrdering, giftOrders, gifts } from '../schema.js';
import { giftNames } from '../catalogue/catalogue.js';
import type { Member as SessionMember } from '../../agents/members.js';
import { orderingState, setTaxOk } from './ordering-rules.js';
import { newOrderKey } from './gifts-pages.js';
import { placeOrder } from './place-order.js';

/**
 * How many statements the gifts module's hot paths send: each is a round trip,
 * and on PostgreSQL a round trip costs the server more than the query it
 * carries (decision 033). What they read and write is tested in
 * ordering.test.ts; here only that they stay this few.
 */
let t: TestApp;
const clock = Date.parse('2026-11-22T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await loadTestCatalogue(t.database.db);
});
afterAll(() => t.close());
beforeEach(async () => {
  await openGiftOrdering(t.database.db, 'gr');
  await t.database.db.update(gifts).set({ stock: 3 }).where(eq(gifts.id, 1002));
});

async function member(options: { points?: number; taxOK?: boolean } = {}) {
  const { points = 0, taxOK = true } = options;
  const agent = await createAgent(t.database.db);
  if (taxOK) await setTaxOk(t.database.db, agent.id, true);
  if (points > 0) await creditAdditional(t.database.db, agent.id, '2026-11-01', points, 'Bonus');
  return { ...agent, token: await logIn(t.app, agent.number, agent.password) };
}

describe('the statements of a gift order', () => {
  it('are two between begin and commit: the lock with every read, then every write', async () => {
    const m = await member({ points: 1000 });
    const counted = countedStatements(t.database);
    const outcome = await placeOrder(counted.db, {
      // The member as the session reads it; the order uses its id, locale, name and email.
      member: m as unknown as SessionMember,
      orderKey: newOrderKey(),
      lines: [
        { id: 1001, quantity: 1 },
        { id: 1002, quantity: 2 },
      ],
      delivery: 'self',
      deliveryAddress: '',
      provider: 'manual',
      today: '2026-11-22',
      now: new Date(clock),
      gate: { orderPartnerOff: false, gifts: t.app.config.gifts },
    });
    // PGlite runs begin and commit itself; on PostgreSQL they are statements too.
    expect(counted.count()).toBe(t.database.kind === 'postgres' ? 4 : 2);
    expect(outcome).toMatchObject({ kind: 'ordered' });
    const placed = await t.database.db
      .select({ id: giftOrders.id })
      .from(giftOrders)
      .where(eq(giftOrders.agentId, m.id));
    expect(placed).toEqual([{ id: (outcome as { orderId: number }).orderId }]);
  });

  it('read the gifts’ names in one statement', async () => {
    const counted = countedStatements(t.database);
    const names = await giftNames(
      counted.db,
      { countryCode: 'gr', languageCode: 'ell' },
      [1001, 1003],
    );
    expect(counted.count()).toBe(1);
    expect(names.size).toBe(2);
  });

  it('read the gate in one statement each time: the country’s rules and the member’s tax flag', async () => {
    const m = await member({ taxOK: false });
    const counted = countedStatements(t.database);
    const today = '2026-11-22';
    expect(await orderingState(counted.db, m, today)).toEqual({
      taxOK: false,
      orderDisabled: true,
    });
    await setTaxOk(t.database.db, m.id, true);
    expect(await orderingState(counted.db, m, today)).toEqual({
      taxOK: true,
      orderDisabled: false,
    });
    await t.database.db
      .update(giftOrdering)
      .set({ orderDisabled: true })
      .where(eq(giftOrdering.countryCode, 'gr'));
    expect(await orderingState(counted.db, m, today)).toEqual({ taxOK: true, orderDisabled: true });
    expect(counted.count()).toBe(3);
  });
});

describe('the ordering window on the status report', () => {
  it('is read with the session: no statement of its own', async () => {
    const m = await member({ points: 10 });
    await t.database.db
      .update(giftOrdering)
      .set({ orderDisabled: true, reopensOn: '2027-01-07' })
      .where(eq(giftOrdering.countryCode, 'gr'));
    const ownRead = vi.spyOn(t.app.giftsForPoints, 'orderingWindow');
    try {
      const response = await t.app.inject({
        url: `/s2c/auth/v1/agent-points?number=${m.number}`,
        headers: { authorization: `Bearer ${m.token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ data: { orderingClosed: boolean } }>().data).toMatchObject({
        orderingClosed: true,
        orderingReopensOn: '2027-01-07',
      });
      expect(ownRead).not.toHaveBeenCalled();
    } finally {
      ownRead.mockRestore();
    }
  });
});
