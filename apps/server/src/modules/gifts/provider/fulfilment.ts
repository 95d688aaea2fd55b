import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.js';
import { memberPageUrl } from '../../content/member-page-urls.js';
import { mailRecipientOf } from '../../agents/mail-recipient.js';
import { enqueueMail } from '../../mail/outbox.js';
import { giftOrderLines, giftOrders } from '../schema.js';

/** At most this many voucher codes per order, each a short printable token. */
export const MAX_VOUCHERS = 20;
export const VOUCHER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The codes worth keeping: printable tokens, each once, at most {@link MAX_VOUCHERS}. */
export function voucherCodes(codes: readonly unknown[]): string[] {
  const kept = codes.filter(
    (code): code is string => typeof code === 'string' && VOUCHER_PATTERN.test(code),
  );
  return [...new Set(kept)].slice(0, MAX_VOUCHERS);
}

/**
 * Marks an order fulfilled in one transaction with its voucher codes and
 * queues the `order-fulfilled` mail carrying them, so the member gets the
 * codes exactly when the order becomes fulfilled, and once: `where` must only
 * match the order in the state it is fulfilled from. `inTransaction` runs in
 * the same transaction once the order changed (staff fulfilments write their
 * audit entry there). Answers whether it changed.
 */
export async function markFulfilled(
  db: Database,
  where: SQL | undefined,
  fulfilment: { now: Date; vouchers: readonly string[] },
  inTransaction?: (tx: Transaction, order: { id: number; countryCode: string }) => Promise<void>,
): Promise<boolean> {
  return db.transaction((tx) => markFulfilledIn(tx, where, fulfilment, inTransaction));
}

/** {@link markFulfilled} in the caller's transaction (a bulk fulfilment's file is one). */
export async function markFulfilledIn(
  tx: Transaction,
  where: SQL | undefined,
  fulfilment: { now: Date; vouchers: readonly string[] },
  inTransaction?: (tx: Transaction, order: { id: number; countryCode: string }) => Promise<void>,
): Promise<boolean> {
  const [order] = await tx
    .update(giftOrders)
    .set({
      state: 'fulfilled',
      fulfilledAt: fulfilment.now,
      lockedUntil: null,
      vouchers: [...fulfilment.vouchers],
    })
    .where(where)
    .returning({
      id: giftOrders.id,
      agentId: giftOrders.agentId,
      countryCode: giftOrders.countryCode,
    });
  if (order === undefined) return false;
  await inTransaction?.(tx, order);
  await mailVouchers(tx, order, fulfilment.vouchers);
  return true;
}

/** The order in the state staff fulfil from. */
export const submittedOrder = (orderId: number) =>
  and(eq(giftOrders.id, orderId), eq(giftOrders.state, 'submitted'));

/** Queues the `order-fulfilled` mail of an order with these codes (again, once corrected). */
export async function mailVouchers(
  tx: Transaction,
  order: { id: number; agentId: number },
  vouchers: readonly string[],
): Promise<void> {
  const member = await mailRecipientOf(tx, order.agentId);
  if (member === undefined) return;
  const lines = await tx
    .select({ quantity: giftOrderLines.quantity, description: giftOrderLines.description })
    .from(giftOrderLines)
    .where(eq(giftOrderLines.orderId, order.id))
    .orderBy(asc(giftOrderLines.giftId));
  await enqueueMail(tx, {
    to: member.email,
    template: 'order-fulfilled',
    countryCode: member.countryCode,
    languageCode: member.languageCode,
    variables: {
      firstName: member.firstName,
      orderId: String(order.id),
      gifts: lines.map((line) => `${line.quantity} × ${line.description}`).join(', '),
      // A gift sent without a code (a parcel) still gets its mail; the dash stands for "none".
      vouchers: vouchers.length > 0 ? vouchers.join(', ') : '—',
      link: await memberPageUrl(tx, member, 'points'),
    },
  });
}
