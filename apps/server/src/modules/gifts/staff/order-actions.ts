import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { recordAudit, type AuditActor } from '../../audit/audit-log.js';
import { orderPlacedSignal } from '../ordering/order-signal.js';
import { refundableOrder, refundOrderIn } from '../provider/refund-order.js';
import { giftOrders } from '../schema.js';

/** Why a staff action changed nothing: the order is not (or no longer) in a state it applies to. */
export type OrderActionRefusal = { kind: 'unknown' } | { kind: 'refused'; message: string };

/** Not held by a worker calling the provider right now. */
const notLeased = (now: Date) =>
  or(isNull(giftOrders.lockedUntil), lte(giftOrders.lockedUntil, now));

/**
 * Orders staff may cancel with a refund. With the manual provider, staff are
 * the provider: a placed or submitted order was not sent, so refunding it
 * gives nothing twice. An HTTP provider may hold an order it was ever sent
 * (an answer can be lost to a timeout), and refunding it here would give the
 * member the gift and the points: only an order never sent is refunded; the
 * queue refunds the others once the provider refuses or cancels them. A
 * fulfilled order is never refunded: its vouchers are out.
 */
const staffRefundable = (orderId: number, now: Date) =>
  and(
    refundableOrder(orderId),
    notLeased(now),
    or(
      eq(giftOrders.provider, 'manual'),
      and(eq(giftOrders.state, 'placed'), eq(giftOrders.attempts, 0)),
    ),
  );

async function whyNot(
  db: Database,
  orderId: number,
  action: 'refund' | 'retry',
  now: Date,
): Promise<OrderActionRefusal> {
  const [order] = await db
    .select({
      state: giftOrders.state,
      provider: giftOrders.provider,
      lockedUntil: giftOrders.lockedUntil,
    })
    .from(giftOrders)
    .where(eq(giftOrders.id, orderId));
  if (order === undefined) return { kind: 'unknown' };
  if (order.state === 'fulfilled' || order.state === 'failed') {
    return {
      kind: 'refused',
      message:
        order.state === 'fulfilled'
          ? `Order ${orderId} is fulfilled: its vouchers are out, so it cannot be ${action === 'refund' ? 'refunded' : 'sent again'}.`
          : `Order ${orderId} failed and its points came back already.`,
    };
  }
  if (order.lockedUntil !== null && order.lockedUntil > now) {
    return {
      kind: 'refused',
      message: `Order ${orderId} is with the voucher provider right now: try again in a minute.`,
    };
  }
  return {
    kind: 'refused',
    message:
      action === 'refund'
        ? `The voucher provider may hold order ${orderId}: it is refunded when the provider refuses or cancels it.`
        : `Order ${orderId} has nothing to send to the provider again.`,
  };
}

/**
 * Staff cancel an order with a refund, in one transaction: the order fails
 * (`failedBy` cancelled, with the staff's reason, which the member sees),
 * its points come back through the ledger, its counted stock comes back, the
 * member is mailed, and the audit log records `order.refund`. Twice is once:
 * the second finds the order failed.
 */
export async function refundOrderByStaff(
  db: Database,
  orderId: number,
  change: { reason: string; actor: AuditActor; now: Date },
): Promise<{ kind: 'refunded'; points: number } | OrderActionRefusal> {
  const refunded = await db.transaction(async (tx) => {
    const order = await refundOrderIn(tx, {
      where: staffRefundable(orderId, change.now),
      reason: change.reason,
      by: 'cancelled',
      now: change.now,
    });
    if (order === undefined) return undefined;
    await recordAudit(
      tx,
      change.actor,
      {
        action: 'order.refund',
        targetType: 'order',
        target: String(order.id),
        countryCode: order.countryCode,
        reason: change.reason,
        before: { state: order.from },
        after: { state: 'failed', refundedPoints: order.points },
      },
      change.now,
    );
    return order;
  });
  if (refunded !== undefined) return { kind: 'refunded', points: refunded.points };
  return whyNot(db, orderId, 'refund', change.now);
}

/**
 * Sends an order back to the queue now: a placed order waiting for its next
 * try after a failed call, or a submitted one whose status is asked again.
 * The worker of this process is woken after the response; any process's
 * worker may take it. Audited as `order.retry`.
 */
export async function retryOrder(
  db: Database,
  orderId: number,
  change: { actor: AuditActor; now: Date; provider: string },
): Promise<{ kind: 'queued' } | OrderActionRefusal> {
  const queued = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        state: giftOrders.state,
        nextAttemptAt: giftOrders.nextAttemptAt,
        attempts: giftOrders.attempts,
        lastError: giftOrders.lastError,
        countryCode: giftOrders.countryCode,
      })
      .from(giftOrders)
      .where(
        and(
          eq(giftOrders.id, orderId),
          eq(giftOrders.provider, change.provider),
          change.provider === 'manual'
            ? eq(giftOrders.state, 'placed')
            : inArray(giftOrders.state, ['placed', 'submitted']),
          notLeased(change.now),
        ),
      )
      .for('update');
    if (before === undefined) return false;
    await tx
      .update(giftOrders)
      .set({ nextAttemptAt: change.now, lockedUntil: sql`null` })
      .where(eq(giftOrders.id, orderId));
    await recordAudit(
      tx,
      change.actor,
      {
        action: 'order.retry',
        targetType: 'order',
        target: String(orderId),
        countryCode: before.countryCode,
        before: {
          state: before.state,
          nextAttemptAt: before.nextAttemptAt.toISOString(),
          attempts: before.attempts,
          lastError: before.lastError,
        },
        after: { state: before.state, nextAttemptAt: change.now.toISOString() },
      },
      change.now,
    );
    orderPlacedSignal.raise();
    return true;
  });
  if (queued) return { kind: 'queued' };
  return whyNot(db, orderId, 'retry', change.now);
}
