import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { recordAudit, type AuditActor } from '../../audit/audit-log.js';
import { giftOrders } from '../schema.js';
import { mailVouchers } from '../provider/fulfilment.js';
import { giftCountOf } from '../provider/fulfil-cli.js';

export type VoucherCorrection =
  | { kind: 'corrected' }
  | { kind: 'unknown' }
  /** Not a fulfilled order with codes: nothing to correct. */
  | { kind: 'notFulfilled'; state: string }
  /** The member opened the codes on the site: they may already have used one. */
  | { kind: 'opened'; openedAt: Date }
  | { kind: 'codeCount'; quantity: number };

/**
 * Staff correct the codes of a fulfilled order and the member is mailed them
 * again, in one transaction with `order.correct-vouchers` (the codes before
 * and after, and why), but only while the member has not opened them: the
 * update matches only an unopened order, so a member opening the codes at
 * the same moment and a correction cannot both win.
 */
export async function correctVouchers(
  db: Database,
  orderId: number,
  correction: { vouchers: readonly string[]; reason: string; now: Date; actor: AuditActor },
): Promise<VoucherCorrection> {
  const quantity = await giftCountOf(db, orderId);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        state: giftOrders.state,
        vouchers: giftOrders.vouchers,
        openedAt: giftOrders.vouchersOpenedAt,
      })
      .from(giftOrders)
      .where(eq(giftOrders.id, orderId))
      .for('update');
    if (order === undefined) return { kind: 'unknown' };
    if (order.state !== 'fulfilled' || order.vouchers.length === 0) {
      return { kind: 'notFulfilled', state: order.state };
    }
    if (order.openedAt !== null) return { kind: 'opened', openedAt: order.openedAt };
    if (quantity > 0 && correction.vouchers.length !== quantity) {
      return { kind: 'codeCount', quantity };
    }
    const [changed] = await tx
      .update(giftOrders)
      .set({ vouchers: [...correction.vouchers] })
      .where(
        and(
          eq(giftOrders.id, orderId),
          eq(giftOrders.state, 'fulfilled'),
          isNull(giftOrders.vouchersOpenedAt),
          sql`cardinality(${giftOrders.vouchers}) > 0`,
        ),
      )
      .returning({
        id: giftOrders.id,
        agentId: giftOrders.agentId,
        countryCode: giftOrders.countryCode,
      });
    if (changed === undefined) return { kind: 'notFulfilled', state: order.state };
    await recordAudit(
      tx,
      correction.actor,
      {
        action: 'order.correct-vouchers',
        targetType: 'order',
        target: String(orderId),
        countryCode: changed.countryCode,
        reason: correction.reason,
        before: { vouchers: order.vouchers },
        after: { vouchers: correction.vouchers },
      },
      correction.now,
    );
    await mailVouchers(tx, changed, correction.vouchers);
    return { kind: 'corrected' };
  });
}
