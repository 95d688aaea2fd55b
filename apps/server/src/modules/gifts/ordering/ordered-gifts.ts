import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OrderedGift } from '@club/contract/points';
import type { Database } from '../../../db/client.js';
import { dayOf } from '../../points/calendar-days.js';
import { giftOrderLines, giftOrders, giftTexts } from '../schema.js';

/** The most orders the Ordered gifts tab lists. */
const ORDERS_LIMIT = 200;

/**
 * The member's gift orders, newest first, each with what was ordered and its
 * short timeline: placed, sent to the provider, then fulfilled (with its
 * voucher codes) or refunded (with why). Refunded orders are listed too: the
 * member sees what became of every order.
 */
export async function orderedGifts(
  db: Database,
  agentId: number,
  languageCode: string,
): Promise<OrderedGift[]> {
  // The member opens their codes here: from now on staff can no longer correct them.
  // Marked before the read, so a correction that waits on the row is never shown half.
  await db
    .update(giftOrders)
    .set({ vouchersOpenedAt: sql`now()` })
    .where(
      and(
        eq(giftOrders.agentId, agentId),
        eq(giftOrders.state, 'fulfilled'),
        isNull(giftOrders.vouchersOpenedAt),
        sql`cardinality(${giftOrders.vouchers}) > 0`,
      ),
    );
  const orders = await db
    .select({
      id: giftOrders.id,
      state: giftOrders.state,
      delivery: giftOrders.delivery,
      points: giftOrders.totalPoints,
      createdAt: giftOrders.createdAt,
      submittedAt: giftOrders.submittedAt,
      fulfilledAt: giftOrders.fulfilledAt,
      failedAt: giftOrders.failedAt,
      vouchers: giftOrders.vouchers,
      failedBy: giftOrders.failedBy,
      lastError: giftOrders.lastError,
    })
    .from(giftOrders)
    .where(eq(giftOrders.agentId, agentId))
    .orderBy(desc(giftOrders.createdAt), desc(giftOrders.id))
    .limit(ORDERS_LIMIT);
  if (orders.length === 0) return [];
  const lines = await db
    .select({
      orderId: giftOrderLines.orderId,
      // The gift's name in the reader's language; the ordered name when the catalogue has none.
      description: sql<string>`coalesce(nullif(${giftTexts.description}, ''), ${giftOrderLines.description})`,
      quantity: giftOrderLines.quantity,
      points: giftOrderLines.points,
    })
    .from(giftOrderLines)
    .leftJoin(
      giftTexts,
      and(eq(giftTexts.giftId, giftOrderLines.giftId), eq(giftTexts.languageCode, languageCode)),
    )
    .where(
      inArray(
        giftOrderLines.orderId,
        orders.map((order) => order.id),
      ),
    )
    .orderBy(asc(giftOrderLines.giftId));
  return orders.map((order) => {
    const reached = [
      { state: 'placed' as const, at: order.createdAt },
      { state: 'submitted' as const, at: order.submittedAt },
      { state: 'fulfilled' as const, at: order.fulfilledAt },
      { state: 'failed' as const, at: order.failedAt },
    ];
    const cause = order.failedBy ?? 'refused';
    return {
      id: order.id,
      points: order.points,
      delivery: order.delivery,
      lines: lines
        .filter((line) => line.orderId === order.id)
        .map(({ description, quantity, points }) => ({ description, quantity, points })),
      state: order.state,
      timeline: reached.flatMap(({ state, at }) =>
        at === null ? [] : [{ state, date: dayOf(at.getTime()) }],
      ),
      vouchers: order.state === 'fulfilled' ? order.vouchers : [],
      refund:
        order.state === 'failed'
          ? // Only the provider's refusal is worded for people; the other causes carry technical details.
            {
              cause,
              reason: cause === 'refused' || cause === 'cancelled' ? (order.lastError ?? '') : '',
            }
          : null,
    };
  });
}

/** Gift names in a language by gift id; gifts the catalogue does not name in it are left out. */
export async function giftNamesIn(
  db: Database,
  giftIds: readonly number[],
  languageCode: string,
): Promise<Map<number, string>> {
  const rows = await db
    .select({ giftId: giftTexts.giftId, description: giftTexts.description })
    .from(giftTexts)
    .where(and(inArray(giftTexts.giftId, [...giftIds]), eq(giftTexts.languageCode, languageCode)));
  return new Map(
    rows.filter((row) => row.description !== '').map((row) => [row.giftId, row.description]),
  );
}
