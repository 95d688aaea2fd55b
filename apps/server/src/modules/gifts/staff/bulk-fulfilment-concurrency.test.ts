import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerProblems } from '../../../testing/booking-records.js';
import { createAgent } from '../../../testing/factories.js';
import { placeTestOrder } from '../../../testing/gift-orders.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { serverUrl } from '../../../testing/test-database.js';
import { giftOrders } from '../schema.js';
import { applyBulkFulfilment } from './bulk-fulfilment.js';
import { refundOrderByStaff } from './order-actions.js';

/**
 * A fulfilment file while staff refund one of its orders, on PostgreSQL (the
 * embedded database is one connection): the order is fulfilled with the
 * whole file, or refunded and the file fulfils nothing; never both.
 */
const actor = { staffId: null, label: 'tester' };

describe.runIf(serverUrl !== undefined)('bulk fulfilment under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a file and a refund of one of its orders at once: one of them wins, never both', async () => {
    const member = await createAgent(t.database.db, { countryCode: 'gr' });
    for (let round = 0; round < 12; round++) {
      const [a, b] = [
        (await placeTestOrder(t.database.db, member, { state: 'submitted' })).orderId,
        (await placeTestOrder(t.database.db, member, { state: 'submitted' })).orderId,
      ];
      const [file, refund] = await Promise.all([
        applyBulkFulfilment(
          t.database.db,
          `${a},A-${round}\n${b},B-${round}\n`,
          { actor, countries: null },
          new Date(),
        ),
        refundOrderByStaff(t.database.db, b, { reason: 'Race', actor, now: new Date() }),
      ]);
      const states = (
        await t.database.db
          .select({ id: giftOrders.id, state: giftOrders.state })
          .from(giftOrders)
          .where(inArray(giftOrders.id, [a, b]))
      )
        .sort((x, y) => x.id - y.id)
        .map((order) => order.state);
      if (file.kind === 'fulfilled') {
        expect(refund.kind).toBe('refused');
        expect(states).toEqual(['fulfilled', 'fulfilled']);
      } else {
        expect(refund.kind).toBe('refunded');
        expect(states).toEqual(['submitted', 'failed']);
      }
    }
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});
