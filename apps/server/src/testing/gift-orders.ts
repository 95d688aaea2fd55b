import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { giftOrderLines, giftOrders, gifts } from '../modules/gifts/schema.js';
import { dayOf } from '../modules/points/calendar-days.js';
import { LedgerSession } from '../modules/points/ledger.js';
import { creditAdditional } from './points-data.js';

let nextGiftId = 7100;

/** A counted gift of a country, straight into the catalogue (for staff tests). */
export async function createTestGift(
  db: Database,
  countryCode: string,
  overrides: Partial<typeof gifts.$inferInsert> = {},
): Promise<number> {
  const id = overrides.id ?? nextGiftId++;
  await db
    .insert(gifts)
    .values({ id, countryCode, category: 'test', points: 50, stock: 10, ...overrides });
  return id;
}

/**
 * An order placed as the order call would (the debit through the ledger,
 * stock taken, its line), with the member credited enough first. The order
 * is `placed` with the given provider; `state` moves it on as the queue would.
 */
export async function placeTestOrder(
  db: Database,
  member: { id: number; countryCode: string },
  options: {
    provider?: string;
    state?: 'placed' | 'submitted';
    attempts?: number;
    at?: number;
    giftId?: number;
    quantity?: number;
    description?: string;
  } = {},
): Promise<{ orderId: number; giftId: number; total: number }> {
  const at = options.at ?? Date.now();
  const quantity = options.quantity ?? 1;
  const giftId = options.giftId ?? (await createTestGift(db, member.countryCode));
  const [gift] = await db.select({ points: gifts.points }).from(gifts).where(eq(gifts.id, giftId));
  const total = gift!.points * quantity;
  await creditAdditional(db, member.id, dayOf(at), total, 'Test credit for an order');
  const orderId = await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(giftOrders)
      .values({
        agentId: member.id,
        countryCode: member.countryCode,
        orderKey: randomUUID(),
        delivery: 'self',
        totalPoints: total,
        provider: options.provider ?? 'manual',
        state: options.state ?? 'placed',
        attempts: options.attempts ?? 0,
        providerRef: options.state === 'submitted' ? 'ref-test' : null,
        submittedAt: options.state === 'submitted' ? new Date(at) : null,
        createdAt: new Date(at),
        nextAttemptAt: new Date(at),
      })
      .returning({ id: giftOrders.id });
    await tx.insert(giftOrderLines).values({
      orderId: order!.id,
      giftId,
      quantity,
      points: gift!.points,
      description: options.description ?? 'Test gift',
    });
    await tx
      .update(gifts)
      .set({ stock: sql`${gifts.stock} - ${quantity}` })
      .where(sql`${gifts.id} = ${giftId} and ${gifts.stock} is not null`);
    const session = await LedgerSession.open(tx, [member.id], dayOf(at));
    session.debit(member.id, {
      kind: 'order',
      amount: total,
      orderId: order!.id,
      description: {
        key: 'order',
        params: {
          orderId: order!.id,
          gifts: [{ id: giftId, quantity, name: options.description ?? 'Test gift' }],
        },
      },
    });
    await session.flush();
    return order!.id;
  });
  return { orderId, giftId, total };
}
