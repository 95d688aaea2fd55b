import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_QUEUE_COUNT_CAP,
  ORDER_QUEUE_PAGE_SIZE,
  type OrderQueue,
  type OrderQueueQuery,
  type QueuedOrder,
  type StaffOrder,
} from '@club/contract/staff-orders';
import type { Database } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { agents } from '../../agents/schema.js';
import { giftOrderAttempts, giftOrderLines, giftOrders } from '../schema.js';

/** The queue's filters, with the countries the staff member may see (null: every one). */
export type OrderQueueFilter = Omit<OrderQueueQuery, 'page'> & { countries: string[] | null };

const DAY_MS = 86_400_000;

/**
 * The conditions of the filtered queue. Each combination is served by an
 * index of gift_orders: (country, state, created), (country, created),
 * (state, created) or (created); the gift filter by gift_order_lines (gift, order).
 */
function conditions(filter: OrderQueueFilter): SQL | undefined {
  const countries =
    filter.country !== undefined && filter.country !== '' ? [filter.country] : filter.countries;
  const parts: (SQL | undefined)[] = [
    countries === null
      ? undefined
      : countries.length === 1
        ? eq(giftOrders.countryCode, countries[0]!)
        : inArray(giftOrders.countryCode, countries.length > 0 ? countries : ['']),
    filter.state ? eq(giftOrders.state, filter.state) : undefined,
    filter.from ? gte(giftOrders.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    // `to` is inclusive: before the next day.
    filter.to
      ? lt(giftOrders.createdAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS))
      : undefined,
    filter.gift
      ? inArray(
          giftOrders.id,
          sql`(select ${giftOrderLines.orderId} from ${giftOrderLines} where ${giftOrderLines.giftId} = ${Number(filter.gift)})`,
        )
      : undefined,
  ];
  return and(...parts);
}

const queuedColumns = {
  id: giftOrders.id,
  countryCode: giftOrders.countryCode,
  state: giftOrders.state,
  createdAt: giftOrders.createdAt,
  number: agents.number,
  firstName: agents.firstName,
  lastName: agents.lastName,
  email: agents.email,
  points: giftOrders.totalPoints,
  provider: giftOrders.provider,
  attempts: giftOrders.attempts,
  lastError: giftOrders.lastError,
};

type QueuedRow = {
  id: number;
  countryCode: string;
  state: QueuedOrder['state'];
  createdAt: Date;
  number: string | null;
  firstName: string;
  lastName: string;
  email: string;
  points: number;
  provider: string;
  attempts: number;
  lastError: string | null;
};

/** The gifts of these orders as `2 × Camera, 1 × Mug`, by order id (one query). */
async function giftsOf(db: Database, orderIds: number[]): Promise<Map<number, string>> {
  const lines = await linesOf(db, orderIds);
  return new Map([...lines].map(([id, list]) => [id, list.map(lineText).join(', ')]));
}

type OrderLineText = { quantity: number; description: string };
const lineText = (line: OrderLineText) => `${line.quantity} × ${line.description}`;

/** The lines of these orders, by order id (one query). */
async function linesOf(db: Database, orderIds: number[]): Promise<Map<number, OrderLineText[]>> {
  if (orderIds.length === 0) return new Map();
  const lines = await db
    .select({
      orderId: giftOrderLines.orderId,
      quantity: giftOrderLines.quantity,
      description: giftOrderLines.description,
    })
    .from(giftOrderLines)
    .where(inArray(giftOrderLines.orderId, orderIds))
    .orderBy(asc(giftOrderLines.orderId), asc(giftOrderLines.giftId));
  const byOrder = new Map<number, OrderLineText[]>();
  for (const line of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push({ quantity: line.quantity, description: line.description });
    byOrder.set(line.orderId, list);
  }
  return byOrder;
}

function queued(row: QueuedRow, gifts: string): QueuedOrder {
  return {
    id: row.id,
    countryCode: row.countryCode,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    member: {
      number: row.number ?? '',
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
    },
    points: row.points,
    provider: row.provider,
    gifts,
    attempts: row.attempts,
    lastError: row.lastError,
  };
}

/** One page of the queue, newest first, with how many orders match (counted up to a cap). */
export async function orderQueue(
  db: Database,
  filter: OrderQueueFilter,
  page: number,
): Promise<OrderQueue> {
  const where = conditions(filter);
  const rows = await db
    .select(queuedColumns)
    .from(giftOrders)
    .innerJoin(agents, eq(agents.id, giftOrders.agentId))
    .where(where)
    .orderBy(desc(giftOrders.createdAt), desc(giftOrders.id))
    .limit(ORDER_QUEUE_PAGE_SIZE)
    .offset(page * ORDER_QUEUE_PAGE_SIZE);
  // Counting a million orders is slow: count up to the cap, and say so.
  const counted = await db.execute(
    sql`select count(*)::int as total from (select 1 from ${giftOrders} where ${where ?? sql`true`} limit ${ORDER_QUEUE_COUNT_CAP + 1}) as matching`,
  );
  const total = Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0);
  const gifts = await giftsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => queued(row, gifts.get(row.id) ?? '')),
    total: Math.min(total, ORDER_QUEUE_COUNT_CAP),
    totalCapped: total > ORDER_QUEUE_COUNT_CAP,
    page,
    pageSize: ORDER_QUEUE_PAGE_SIZE,
  };
}

/** Orders of the CSV export are read in batches of this many (newest first, keyset paging). */
const EXPORT_BATCH = 1_000;

/**
 * An order as `orders.csv` holds it: the queue's columns and what a
 * fulfilment partner needs to send it (how, where, how many, which codes).
 */
export type ExportedOrder = QueuedOrder & {
  delivery: string;
  deliveryAddress: string;
  quantity: number;
  vouchers: string[];
};

const exportColumns = {
  ...queuedColumns,
  delivery: giftOrders.delivery,
  deliveryAddress: giftOrders.deliveryAddress,
  vouchers: giftOrders.vouchers,
};

/** Every order of the filtered queue, newest first, in batches (the CSV export). */
export async function* everyQueuedOrder(
  db: Database,
  filter: OrderQueueFilter,
): AsyncGenerator<ExportedOrder[]> {
  let after: { createdAt: Date; id: number } | undefined;
  for (;;) {
    const rows: (QueuedRow & { delivery: string; deliveryAddress: string; vouchers: string[] })[] =
      await db
        .select(exportColumns)
        .from(giftOrders)
        .innerJoin(agents, eq(agents.id, giftOrders.agentId))
        .where(
          and(
            conditions(filter),
            after === undefined
              ? undefined
              : sql`(${giftOrders.createdAt}, ${giftOrders.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`,
          ),
        )
        .orderBy(desc(giftOrders.createdAt), desc(giftOrders.id))
        .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    const lines = await linesOf(
      db,
      rows.map((row) => row.id),
    );
    yield rows.map((row) => {
      const own = lines.get(row.id) ?? [];
      return {
        ...queued(row, own.map(lineText).join(', ')),
        delivery: row.delivery,
        deliveryAddress: row.deliveryAddress,
        quantity: own.reduce((sum, line) => sum + line.quantity, 0),
        vouchers: row.vouchers,
      };
    });
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** The whole order for its page, or undefined. `canRetry` needs the configured provider. */
export async function staffOrder(
  db: Database,
  orderId: number,
  context: { provider: string; now: Date },
): Promise<StaffOrder | undefined> {
  const [order] = await db
    .select({
      ...queuedColumns,
      delivery: giftOrders.delivery,
      deliveryAddress: giftOrders.deliveryAddress,
      providerRef: giftOrders.providerRef,
      nextAttemptAt: giftOrders.nextAttemptAt,
      lockedUntil: giftOrders.lockedUntil,
      submittedAt: giftOrders.submittedAt,
      fulfilledAt: giftOrders.fulfilledAt,
      failedAt: giftOrders.failedAt,
      vouchers: giftOrders.vouchers,
      failedBy: giftOrders.failedBy,
      vouchersOpenedAt: giftOrders.vouchersOpenedAt,
    })
    .from(giftOrders)
    .innerJoin(agents, eq(agents.id, giftOrders.agentId))
    .where(eq(giftOrders.id, orderId));
  if (order === undefined) return undefined;
  const [lines, attempts] = await Promise.all([
    db
      .select({
        giftId: giftOrderLines.giftId,
        description: giftOrderLines.description,
        quantity: giftOrderLines.quantity,
        points: giftOrderLines.points,
      })
      .from(giftOrderLines)
      .where(eq(giftOrderLines.orderId, orderId))
      .orderBy(asc(giftOrderLines.giftId)),
    db
      .select({
        at: giftOrderAttempts.at,
        call: giftOrderAttempts.call,
        outcome: giftOrderAttempts.outcome,
        answer: giftOrderAttempts.answer,
      })
      .from(giftOrderAttempts)
      .where(eq(giftOrderAttempts.orderId, orderId))
      .orderBy(asc(giftOrderAttempts.at), asc(giftOrderAttempts.id)),
  ]);
  const timeline: StaffOrder['timeline'] = [{ state: 'placed', at: order.createdAt.toISOString() }];
  if (order.submittedAt) timeline.push({ state: 'submitted', at: order.submittedAt.toISOString() });
  if (order.fulfilledAt) timeline.push({ state: 'fulfilled', at: order.fulfilledAt.toISOString() });
  if (order.failedAt) timeline.push({ state: 'failed', at: order.failedAt.toISOString() });
  const free = order.lockedUntil === null || order.lockedUntil <= context.now;
  return {
    ...queued(order, lines.map((line) => `${line.quantity} × ${line.description}`).join(', ')),
    delivery: order.delivery,
    deliveryAddress: order.deliveryAddress,
    providerRef: order.providerRef,
    nextAttemptAt: order.nextAttemptAt.toISOString(),
    vouchers: order.vouchers,
    failedBy: order.failedBy,
    lines,
    timeline,
    attemptLog: attempts.map((attempt) => ({ ...attempt, at: attempt.at.toISOString() })),
    vouchersOpenedAt: order.vouchersOpenedAt?.toISOString() ?? null,
    canFulfil: order.state === 'submitted' && order.provider === 'manual',
    canCorrectVouchers:
      order.state === 'fulfilled' && order.vouchers.length > 0 && order.vouchersOpenedAt === null,
    canRefund:
      free &&
      (order.provider === 'manual'
        ? order.state === 'placed' || order.state === 'submitted'
        : order.state === 'placed' && order.attempts === 0),
    canRetry: retryable(order, context.provider) && free,
  };
}

/**
 * Whether staff may send an order back to the queue now: a placed order of
 * the configured provider (waiting for its next try after a failed call),
 * or a submitted one whose status the provider can be asked.
 */
export function retryable(
  order: { state: string; provider: string },
  configuredProvider: string,
): boolean {
  if (order.provider !== configuredProvider) return false;
  return order.state === 'placed' || (order.state === 'submitted' && order.provider !== 'manual');
}
