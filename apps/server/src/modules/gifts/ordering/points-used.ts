import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { dayOf } from '../../points/calendar-days.js';
import type { PointsUsedOnGift } from '../../points/gifts-for-points.js';
import { giftOrderLines, giftOrders } from '../schema.js';

/** The member's gift orders (failed ones gave their points back), newest first, for the points page. */
export async function pointsUsedOnGifts(
  db: Database,
  agentId: number,
): Promise<PointsUsedOnGift[]> {
  const rows = await db
    .select({
      id: giftOrders.id,
      createdAt: giftOrders.createdAt,
      quantity: sql<number>`coalesce(sum(${giftOrderLines.quantity}), 0)::int`,
      points: giftOrders.totalPoints,
    })
    .from(giftOrders)
    .leftJoin(giftOrderLines, eq(giftOrderLines.orderId, giftOrders.id))
    .where(and(eq(giftOrders.agentId, agentId), ne(giftOrders.state, 'failed')))
    .groupBy(giftOrders.id)
    .orderBy(desc(giftOrders.createdAt), desc(giftOrders.id))
    .limit(1000);
  return rows.map((row) => ({
    id: row.id,
    date: dayOf(row.createdAt.getTime()),
    pnr: '',
    quantity: row.quantity,
    points: row.points,
  }));
}
