import { and, eq, inArray, lte, gt } from 'drizzle-orm';
import { z } from 'zod';
import { deliveryOptions, MAX_GIFT_QUANTITY, refundCauses } from '@club/contract/gift-rules';
import type { Database, Transaction } from '../db/client.js';
import { agents } from '../modules/agents/schema.js';
import { giftNamesIn } from '../modules/gifts/ordering/ordered-gifts.js';
import { MAX_VOUCHERS, VOUCHER_PATTERN } from '../modules/gifts/provider/fulfilment.js';
import { giftOrderLines, giftOrders, gifts } from '../modules/gifts/schema.js';
import { LedgerSession } from '../modules/points/ledger.js';
import { pointLots } from '../modules/points/schema.js';

/**
 * A demo member's gift order as it went: placed, then fulfilled with its
 * voucher codes, or refunded for a cause. Days are `YYYY-MM-DD` (moved with
 * the calendar like the other demo files).
 */
const DemoOrderSchema = z.intersection(
  z.object({
    /** The order's key: loading again places nothing twice. */
    reference: z.string().min(1).max(64),
    number: z.string().regex(/^\d{7}$/),
    placedOn: z.iso.date(),
    gifts: z
      .array(
        z.object({
          id: z.number().int().positive(),
          quantity: z.number().int().min(1).max(MAX_GIFT_QUANTITY),
        }),
      )
      .min(1),
    delivery: z.enum(deliveryOptions),
    deliveryAddress: z.string().default(''),
    /** Which voucher provider handled it (`manual`: staff; `http`: the provider's API). */
    provider: z.enum(['manual', 'http']).default('manual'),
  }),
  z.discriminatedUnion('state', [
    z.object({
      state: z.literal('fulfilled'),
      fulfilledOn: z.iso.date(),
      vouchers: z.array(z.string().regex(VOUCHER_PATTERN)).max(MAX_VOUCHERS),
    }),
    z.object({
      state: z.literal('failed'),
      failedOn: z.iso.date(),
      failedBy: z.enum(refundCauses),
      /** What staff read on the order page (and the member too when staff cancelled it). */
      reason: z.string().min(1),
    }),
  ]),
);

type DemoOrder = z.infer<typeof DemoOrderSchema>;
type DemoMember = { id: number; countryCode: string; languageCode: string };

/** One change of a member's points on its day: demo history is written in the order it happened. */
type DemoEvent = { day: string; write: (tx: Transaction) => Promise<void> };

const at = (day: string, time: string) => new Date(`${day}T${time}Z`);

/**
 * Writes the demo members' gift orders (`orders.jsonl`) and lets back-dated
 * points past their life lapse, each on its own day and in the order of the days,
 * as the club would have written them: an order's debit on the day it was
 * placed, a refund on the day it failed, a lapse on the day the points' life
 * ended. Orders are history: no mail goes out, nothing is queued for the
 * provider, and the stock (counted from the catalogue file on) is not taken.
 * An order is paid from the points credited on `today` first (the demo's
 * welcome bonuses), so that the older points the demo shows lapsing soon
 * stay. Answers the orders written (none twice: the reference is the order's
 * key) and the lapses.
 */
export async function writeDemoHistory(
  db: Database,
  lines: readonly string[],
  today: string,
): Promise<{ orders: number; lapses: number }> {
  const orders = lines.map((line, index) => {
    const parsed = DemoOrderSchema.safeParse(JSON.parse(line));
    if (!parsed.success) {
      throw new Error(`demo orders, line ${index + 1}: ${parsed.error.issues[0]?.message}`);
    }
    return parsed.data;
  });
  const numbers = [...new Set(orders.map((order) => order.number))];
  const members = new Map(
    (numbers.length === 0
      ? []
      : await db
          .select({
            number: agents.number,
            id: agents.id,
            countryCode: agents.countryCode,
            languageCode: agents.languageCode,
          })
          .from(agents)
          .where(inArray(agents.number, numbers))
    ).map(({ number, ...member }) => [number, member]),
  );
  const written = { orders: 0, lapses: 0 };
  const events: DemoEvent[] = [];
  for (const order of orders) {
    const member = members.get(order.number);
    if (member === undefined)
      throw new Error(`demo order ${order.reference}: no member ${order.number}`);
    events.push({
      day: order.placedOn,
      write: async (tx) => {
        if (await placeDemoOrder(tx, member, order, today)) written.orders += 1;
      },
    });
    if (order.state === 'failed') {
      events.push({
        day: order.failedOn,
        write: (tx) => refundDemoOrder(tx, member, order),
      });
    }
  }
  // Back-dated points past their life lapse on their own day (the demo's members are all there is).
  const due = await db
    .selectDistinct({ agentId: pointLots.agentId, day: pointLots.expiresOn })
    .from(pointLots)
    .where(and(gt(pointLots.remaining, 0), lte(pointLots.expiresOn, today)));
  for (const { agentId, day } of due) {
    events.push({
      day,
      write: async (tx) => {
        await (await LedgerSession.open(tx, [agentId], day)).flush();
        written.lapses += 1;
      },
    });
  }
  // A stable sort: one day's events keep the file's order.
  events.sort((a, b) => a.day.localeCompare(b.day));
  for (const event of events) await db.transaction(event.write);
  return written;
}

/** The order's id by its key, if it was written. */
async function orderIdOf(tx: Transaction, agentId: number, reference: string) {
  const [row] = await tx
    .select({ id: giftOrders.id })
    .from(giftOrders)
    .where(and(eq(giftOrders.agentId, agentId), eq(giftOrders.orderKey, reference)));
  return row?.id;
}

/** Writes the order, its lines and its debit on the day it was placed; false when it was there. */
async function placeDemoOrder(
  tx: Transaction,
  member: DemoMember,
  order: DemoOrder,
  today: string,
): Promise<boolean> {
  const session = await LedgerSession.open(tx, [member.id], order.placedOn);
  if ((await orderIdOf(tx, member.id, order.reference)) !== undefined) return false;
  const ids = order.gifts.map((gift) => gift.id);
  const [rows, names] = await Promise.all([
    tx
      .select({ id: gifts.id, points: gifts.points, countryCode: gifts.countryCode })
      .from(gifts)
      .where(inArray(gifts.id, ids)),
    giftNamesIn(tx, ids, member.languageCode),
  ]);
  const lines = order.gifts.map((line) => {
    const gift = rows.find((row) => row.id === line.id);
    if (gift === undefined || gift.countryCode !== member.countryCode) {
      throw new Error(`demo order ${order.reference}: no gift ${line.id} in ${member.countryCode}`);
    }
    return { ...line, points: gift.points, name: names.get(line.id) ?? `#${line.id}` };
  });
  const total = lines.reduce((sum, line) => sum + line.points * line.quantity, 0);
  const placedAt = at(order.placedOn, '09:30:00');
  // The manual provider accepts an order at once; an order that failed unconfirmed never was.
  const submittedAt =
    order.state === 'failed' && order.failedBy !== 'refused' && order.failedBy !== 'cancelled'
      ? null
      : at(order.placedOn, '09:31:00');
  const [written] = await tx
    .insert(giftOrders)
    .values({
      agentId: member.id,
      countryCode: member.countryCode,
      orderKey: order.reference,
      state: order.state,
      delivery: order.delivery,
      deliveryAddress: order.delivery === 'send' ? order.deliveryAddress : '',
      totalPoints: total,
      provider: order.provider,
      ...(submittedAt === null ? {} : { providerRef: `${order.provider}-demo`, submittedAt }),
      attempts: 1,
      nextAttemptAt: placedAt,
      createdAt: placedAt,
      ...(order.state === 'fulfilled'
        ? { fulfilledAt: at(order.fulfilledOn, '14:00:00'), vouchers: order.vouchers }
        : {
            failedAt: at(order.failedOn, '09:30:00'),
            failedBy: order.failedBy,
            lastError: order.reason,
          }),
    })
    .returning({ id: giftOrders.id });
  const orderId = written!.id;
  await tx.insert(giftOrderLines).values(
    lines.map((line) => ({
      orderId,
      giftId: line.id,
      quantity: line.quantity,
      points: line.points,
      description: line.name,
    })),
  );
  session.debit(member.id, {
    kind: 'order',
    amount: total,
    orderId,
    creditedOn: today,
    description: {
      key: 'order',
      params: {
        orderId,
        gifts: lines.map((line) => ({ id: line.id, quantity: line.quantity, name: line.name })),
      },
    },
  });
  await session.flush();
  return true;
}

/** Gives a failed order's points back on the day it failed (once: a second refund gives nothing). */
async function refundDemoOrder(tx: Transaction, member: DemoMember, order: DemoOrder) {
  if (order.state !== 'failed') return;
  const session = await LedgerSession.open(tx, [member.id], order.failedOn);
  const orderId = await orderIdOf(tx, member.id, order.reference);
  if (orderId === undefined) return;
  await session.refundOrder(member.id, orderId, { key: 'orderRefund', params: { orderId } });
  await session.flush();
}
