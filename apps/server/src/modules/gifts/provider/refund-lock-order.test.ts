import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../testing/factories.js';
import { placeTestOrder } from '../../../testing/gift-orders.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { refundableOrder, refundOrderIn } from './refund-order.js';

const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl !== undefined)('a refund beside an order (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes the gift’s row before the report summaries, as an order does: neither waits on the other in a circle', async () => {
    const db = t.database.db;
    const member = await createAgent(db);
    const at = Date.parse('2026-11-20T10:00:00Z');
    const { orderId, giftId } = await placeTestOrder(db, member, { at });
    let refund: Promise<unknown> | undefined;
    // What an order of another member of the country holds: the gift's row, and then, in its
    // writes, the report summaries the refund writes too.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from gifts where id = ${giftId} for update`);
      refund = db.transaction((other) =>
        refundOrderIn(other, {
          where: refundableOrder(orderId),
          reason: 'Test refund',
          by: 'refused',
          now: new Date(at),
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(
        sql`update point_lapse_totals set points = points where country_code = ${member.countryCode}`,
      );
      await tx.execute(
        sql`update point_month_totals set points = points where country_code = ${member.countryCode}`,
      );
    });
    await expect(refund).resolves.toMatchObject({ id: orderId, points: 50 });
  });
});
