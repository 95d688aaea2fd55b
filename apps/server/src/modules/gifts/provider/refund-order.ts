import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { RefundCause } from '@club/contract/gift-rules';
import type { Transaction } from '../../../db/client.js';
import { memberPageUrl } from '../../content/member-page-urls.js';
import { mailRecipientOf } from '../../agents/mail-recipient.js';
import { enqueueMail } from '../../mail/outbox.js';
import { dayOf } from '../../points/calendar-days.js';
import { LedgerSession } from '../../points/ledger.js';
import { giftOrderLines, giftOrders, gifts } from '../schema.js';

export type RefundedOrder = {
  id: number;
  memberId: number;
  countryCode: string;
  /** The points that came back through the ledger. */
  points: number;
  /** The state the order was refunded from. */
  from: string;
};

/** An order that may still be refunded: placed or submitted (a fulfilled or failed one never). */
export const refundableOrder = (orderId: number): SQL =>
  and(eq(giftOrders.id, orderId), inArray(giftOrders.state, ['placed', 'submitted']))!;

/**
 * Fails an order and refunds it, inside the caller's transaction: the state
 * change (only where `where` still matches, under the row lock, so twice is
 * once), the points back through the ledger (`refund` entry "Order N failed:
 * reason", to the lots they came from), the counted stock of its lines back,
 * why (`failedBy`) and the member's `order-failed` mail. The order queue and
 * staff (a cancellation with a refund) both go through here. Answers the
 * refunded order, or undefined when `where` matched nothing.
 */
export async function refundOrderIn(
  tx: Transaction,
  change: {
    where: SQL | undefined;
    reason: string;
    by: RefundCause;
    now: Date;
    attempts?: number;
  },
): Promise<RefundedOrder | undefined> {
  const { reason, now } = change;
  const [before] = await tx
    .select({ id: giftOrders.id, state: giftOrders.state })
    .from(giftOrders)
    .where(change.where)
    .for('update');
  if (before === undefined) return undefined;
  const [order] = await tx
    .update(giftOrders)
    .set({
      state: 'failed',
      failedAt: now,
      lockedUntil: null,
      lastError: reason.slice(0, 1000),
      failedBy: change.by,
      ...(change.attempts === undefined ? {} : { attempts: change.attempts }),
    })
    .where(and(eq(giftOrders.id, before.id), change.where))
    .returning({
      id: giftOrders.id,
      agentId: giftOrders.agentId,
      countryCode: giftOrders.countryCode,
      totalPoints: giftOrders.totalPoints,
    });
  if (order === undefined) return undefined;
  const session = await LedgerSession.open(tx, [order.agentId], dayOf(now.getTime()));
  const refunded = await session.refundOrder(
    order.agentId,
    order.id,
    // Why it failed stays with the order (the Ordered gifts tab); the entry says which order.
    { key: 'orderRefund', params: { orderId: order.id } },
  );
  // The stock back before the ledger's writes: an order locks the member's balance, then the
  // gifts, then the report summaries, and a refund takes them in the same order (the other way
  // round, a refund and an order deadlocked under load).
  const lines = await tx
    .select({ giftId: giftOrderLines.giftId, quantity: giftOrderLines.quantity })
    .from(giftOrderLines)
    .where(eq(giftOrderLines.orderId, order.id))
    .orderBy(asc(giftOrderLines.giftId));
  for (const line of lines) {
    await tx
      .update(gifts)
      .set({ stock: sql`${gifts.stock} + ${line.quantity}` })
      .where(and(eq(gifts.id, line.giftId), sql`${gifts.stock} is not null`));
  }
  await session.flush();
  const member = await mailRecipientOf(tx, order.agentId);
  if (member !== undefined) {
    await enqueueMail(tx, {
      to: member.email,
      template: 'order-failed',
      countryCode: member.countryCode,
      languageCode: member.languageCode,
      variables: {
        firstName: member.firstName,
        orderId: String(order.id),
        points: String(refunded > 0 ? refunded : order.totalPoints),
        reason,
        link: await memberPageUrl(tx, member, 'points'),
      },
    });
  }
  return {
    id: order.id,
    memberId: order.agentId,
    countryCode: order.countryCode,
    points: refunded,
    from: before.state,
  };
}
