import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import type { Database } from '../../../db/client.js';
import { loadConfig } from '../../../config.js';
import { outboxRows } from '../../../testing/account-helpers.js';
import { createAgent, openGiftOrdering } from '../../../testing/factories.js';
import { creditAdditional } from '../../../testing/points-data.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { Members } from '../../agents/members.js';
import { dayOf } from '../../points/calendar-days.js';
import { LedgerSession } from '../../points/ledger.js';
import { pointBalances, pointEntries } from '../../points/schema.js';
import { giftOrderAttempts, giftOrderLines, giftOrders, gifts } from '../schema.js';
import { FakeProvider } from '../../../testing/fake-provider.js';
import { HttpVoucherProvider } from './http-provider.js';
import { setTaxOk } from '../ordering/ordering-rules.js';
import { placeOrder } from '../ordering/place-order.js';
import { main } from './fulfil-cli.js';
import { OrderWorker } from './order-worker.js';
import type { VoucherProvider } from './voucher-provider.js';

const KEY = 'fake-provider-key';
const HOUR = 3_600_000;
const START = Date.parse('2026-03-02T09:00:00Z');

let clock = START;
const now = () => clock;
const fake = new FakeProvider(KEY);
let t: TestApp;
let db: Database;
let nextGiftId = 9100;

const giftsConfig = (overrides: Partial<ReturnType<typeof loadConfig>['gifts']>) => ({
  ...loadConfig({}).gifts,
  provider: 'http' as const,
  providerUrl: fake.url,
  providerKey: KEY,
  // Long enough that a busy machine never times out an answer the test expects to arrive.
  providerTimeoutMs: 1_000,
  orderRetryBaseMs: 1000,
  orderMaxAttempts: 4,
  orderConfirmHours: 48,
  ...overrides,
});

beforeAll(async () => {
  await fake.start();
  t = await createTestApp({ now, config: { gifts: giftsConfig({}) } });
  db = t.database.db;
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => {
  fake.mode = { kind: 'accept' };
  fake.available = true;
  fake.cancelFailure = undefined;
});

/** A member with points, a counted gift, and an order of it placed the way ordering places one. */
async function placedOrder(
  options: { points?: number; quantity?: number; stock?: number; provider?: string } = {},
) {
  const points = options.points ?? 100;
  const quantity = options.quantity ?? 2;
  const member = await createAgent(db, { firstName: 'Eleni' });
  await creditAdditional(db, member.id, dayOf(clock), 1000, 'Welcome bonus');
  const giftId = nextGiftId++;
  await db.insert(gifts).values({
    id: giftId,
    countryCode: 'gr',
    category: 'test',
    points,
    stock: options.stock ?? 10,
  });
  const orderId = await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(giftOrders)
      .values({
        agentId: member.id,
        countryCode: 'gr',
        orderKey: randomUUID(),
        delivery: 'send',
        deliveryAddress: '1 Test Street, Athens',
        totalPoints: points * quantity,
        provider: options.provider ?? 'http',
        createdAt: new Date(clock),
        nextAttemptAt: new Date(clock),
      })
      .returning({ id: giftOrders.id });
    await tx
      .insert(giftOrderLines)
      .values({ orderId: order!.id, giftId, quantity, points, description: 'Test voucher' });
    await tx
      .update(gifts)
      .set({ stock: (options.stock ?? 10) - quantity })
      .where(eq(gifts.id, giftId));
    const session = await LedgerSession.open(tx, [member.id], dayOf(clock));
    session.debit(member.id, {
      kind: 'order',
      amount: points * quantity,
      orderId: order!.id,
      description: `Order ${order!.id}`,
    });
    await session.flush();
    return order!.id;
  });
  return { member, giftId, orderId, total: points * quantity };
}

async function order(id: number) {
  const [row] = await db.select().from(giftOrders).where(eq(giftOrders.id, id));
  return row!;
}
async function available(agentId: number) {
  const [row] = await db.select().from(pointBalances).where(eq(pointBalances.agentId, agentId));
  return row!.available;
}
async function stock(giftId: number) {
  const [row] = await db.select({ stock: gifts.stock }).from(gifts).where(eq(gifts.id, giftId));
  return row!.stock;
}
async function refunds(orderId: number) {
  return db
    .select()
    .from(pointEntries)
    .where(and(eq(pointEntries.orderId, orderId), eq(pointEntries.kind, 'refund')));
}
async function failedMails(email: string) {
  return (await outboxRows(db)).filter(
    (row) => row.template === 'order-failed' && row.recipient === email,
  );
}
async function fulfilledMails(email: string) {
  return (await outboxRows(db)).filter(
    (row) => row.template === 'order-fulfilled' && row.recipient === email,
  );
}
/** The settings of a worker the test makes itself, as the app's. */
function workerOptions() {
  return {
    now,
    log: t.app.log,
    retryBaseMs: 1000,
    maxAttempts: 4,
    confirmHours: 48,
    statusCheckMs: 60_000,
  };
}
/** A worker of another process on the same database and provider, set up like the app's. */
function anotherWorker(options: { batchSize?: number } = {}) {
  return new OrderWorker(db, new HttpVoucherProvider({ url: fake.url, key: KEY, timeoutMs: 300 }), {
    ...workerOptions(),
    ...options,
  });
}

/** Moves the clock past any backoff and runs the worker. */
async function later(ms: number) {
  clock += ms;
  return t.app.orderWorker.runOnce();
}

describe('the HTTP voucher provider', () => {
  it('places an accepted order once, then follows it to fulfilled', async () => {
    const { orderId, member } = await placedOrder();
    const run = await t.app.orderWorker.runOnce();
    expect(run.submitted).toBeGreaterThanOrEqual(1);
    let row = await order(orderId);
    expect(row.state).toBe('submitted');
    expect(row.providerRef).toBe(`FP-${orderId}`);
    expect(fake.postsFor(orderId)).toBe(1);
    const sent = fake.orders.get(orderId)!.body;
    expect(sent).toMatchObject({
      id: orderId,
      memberNumber: member.number,
      country: 'gr',
      delivery: 'send',
      address: '1 Test Street, Athens',
      lines: [{ quantity: 2, points: 100, description: 'Test voucher' }],
    });

    // Pending at the provider: stays submitted.
    await later(61_000);
    expect((await order(orderId)).state).toBe('submitted');
    fake.states.set(`FP-${orderId}`, {
      state: 'fulfilled',
      // A code that is not a short printable token is dropped, never mailed.
      vouchers: ['EDR-1111-AAAA', 'EDR-2222-BBBB', '<script>', 42],
    });
    await later(61_000);
    row = await order(orderId);
    expect(row.state).toBe('fulfilled');
    expect(row.fulfilledAt).not.toBeNull();
    expect(row.vouchers).toEqual(['EDR-1111-AAAA', 'EDR-2222-BBBB']);
    expect(fake.postsFor(orderId)).toBe(1);
    expect(fake.unauthorized).toBe(0);
    // The voucher mail, once, with the codes.
    const mails = await fulfilledMails(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('EDR-1111-AAAA, EDR-2222-BBBB');
    expect(mails[0]!.text).toContain('2 × Test voucher');
    expect(mails[0]!.html).toContain('EDR-2222-BBBB');
  });

  it('retries after 5xx answers and places the order once when the provider is back', async () => {
    const { orderId, member, total } = await placedOrder();
    const before = await available(member.id);
    fake.mode = { kind: 'error', status: 503 };
    await t.app.orderWorker.runOnce();
    let row = await order(orderId);
    expect(row.state).toBe('placed');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBe('Temporarily broken');
    expect(row.lockedUntil).toBeNull();
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(clock);
    // Not due yet: no call.
    await t.app.orderWorker.runOnce();
    expect(fake.postsFor(orderId)).toBe(1);
    await later(2_000);
    expect((await order(orderId)).attempts).toBe(2);

    fake.mode = { kind: 'accept' };
    await later(10_000);
    row = await order(orderId);
    expect(row.state).toBe('submitted');
    expect(row.lastError).toBeNull();
    expect([...fake.orders.keys()].filter((id) => id === orderId)).toHaveLength(1);
    expect(await available(member.id)).toBe(before);
    expect(await refunds(orderId)).toHaveLength(0);
    expect(total).toBe(200);
    // Every call and the provider's answer are kept for the staff's order page.
    const calls = await db
      .select({
        call: giftOrderAttempts.call,
        outcome: giftOrderAttempts.outcome,
        answer: giftOrderAttempts.answer,
      })
      .from(giftOrderAttempts)
      .where(eq(giftOrderAttempts.orderId, orderId))
      .orderBy(asc(giftOrderAttempts.id));
    expect(calls).toEqual([
      { call: 'place', outcome: 'retry', answer: 'Temporarily broken' },
      { call: 'place', outcome: 'retry', answer: 'Temporarily broken' },
      { call: 'place', outcome: 'accepted', answer: `ref FP-${orderId}` },
    ]);
  });

  it('retries an order the provider did not answer in time, and the retry is the same order', async () => {
    const { orderId } = await placedOrder();
    fake.mode = { kind: 'slow', delayMs: 2_500 };
    await t.app.orderWorker.runOnce();
    let row = await order(orderId);
    expect(row.state).toBe('placed');
    expect(row.lastError).toBe('Provider did not answer in time');
    // The provider got it late; the retry with the same id is answered 409 = accepted.
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    fake.mode = { kind: 'accept' };
    await later(10_000);
    row = await order(orderId);
    expect(row.state).toBe('submitted');
    expect(row.providerRef).toBe(`FP-${orderId}`);
    expect(fake.orders.has(orderId)).toBe(true);
  });

  it('fails a refused order: points and stock back, one mail', async () => {
    const { orderId, member, giftId, total } = await placedOrder({ stock: 5, quantity: 2 });
    const before = await available(member.id);
    expect(await stock(giftId)).toBe(3);
    fake.mode = { kind: 'refuse', status: 422, reason: 'Unknown gift' };
    const run = await t.app.orderWorker.runOnce();
    expect(run.failed).toBeGreaterThanOrEqual(1);
    const row = await order(orderId);
    expect(row.state).toBe('failed');
    expect(row.lastError).toBe('Unknown gift');
    expect(await available(member.id)).toBe(before + total);
    const entries = await refunds(orderId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      amount: total,
      keyedDescription: { key: 'orderRefund', params: { orderId } },
    });
    expect(await stock(giftId)).toBe(5);
    const mails = await failedMails(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`order ${orderId}`);
    expect(mails[0]!.text).toContain(`${total} points`);
    expect(mails[0]!.text).toContain('Unknown gift');
    expect(mails[0]!.text).toContain('Hello Eleni');

    // Nothing happens twice.
    await later(HOUR);
    expect(await refunds(orderId)).toHaveLength(1);
    expect(await failedMails(member.email)).toHaveLength(1);
    expect(await stock(giftId)).toBe(5);
  });

  it('fails an order after the last attempt', async () => {
    const { orderId, member, total } = await placedOrder();
    const before = await available(member.id);
    fake.mode = { kind: 'error', status: 500 };
    for (let attempt = 0; attempt < 4; attempt += 1) await later(HOUR);
    const row = await order(orderId);
    expect(row.state).toBe('failed');
    expect(row.attempts).toBe(4);
    expect(fake.postsFor(orderId)).toBe(4);
    // Refunded only once the provider confirmed it will never fulfil the order.
    expect(fake.cancelCalls.filter((id) => id === orderId)).toHaveLength(1);
    expect(fake.cancelled.has(orderId)).toBe(true);
    expect(await available(member.id)).toBe(before + total);
    expect(await failedMails(member.email)).toHaveLength(1);
  });

  it('never refunds an order the provider took while its answers were lost: it is found held', async () => {
    const { orderId, member } = await placedOrder();
    const before = await available(member.id);
    // Every call times out, but the provider records the order a little later.
    fake.mode = { kind: 'slow', delayMs: 1_500 };
    for (let attempt = 0; attempt < 3; attempt += 1) await later(HOUR);
    await expect.poll(() => fake.orders.has(orderId)).toBe(true);
    await later(HOUR);
    const row = await order(orderId);
    expect(row.attempts).toBe(4);
    expect(row.state).toBe('submitted');
    expect(row.providerRef).toBe(`FP-${orderId}`);
    expect(await refunds(orderId)).toHaveLength(0);
    expect(await available(member.id)).toBe(before);
    expect(await failedMails(member.email)).toHaveLength(0);
  });

  it('keeps the points of an order it cannot cancel yet, and refunds once the provider answers', async () => {
    const { orderId, member, giftId, total } = await placedOrder({ stock: 6, quantity: 1 });
    const before = await available(member.id);
    fake.mode = { kind: 'error', status: 500 };
    fake.cancelFailure = 503;
    for (let attempt = 0; attempt < 4; attempt += 1) await later(HOUR);
    let row = await order(orderId);
    expect(row.state).toBe('placed');
    expect(row.lastError).toMatch(/not cancelled yet/);
    expect(await refunds(orderId)).toHaveLength(0);
    expect(await stock(giftId)).toBe(5);

    fake.cancelFailure = undefined;
    await later(HOUR);
    row = await order(orderId);
    expect(row.state).toBe('failed');
    expect(await available(member.id)).toBe(before + total);
    expect(await stock(giftId)).toBe(6);
    expect(await refunds(orderId)).toHaveLength(1);
    expect(await failedMails(member.email)).toHaveLength(1);
    // The provider refuses the id from now on, should a late call of it arrive.
    fake.mode = { kind: 'accept' };
    const late = await fetch(`${fake.url}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: orderId }),
    });
    expect(late.status).toBe(410);
  });

  it('fails an order never accepted within the confirmation time', async () => {
    const { orderId, member, giftId, total } = await placedOrder({ stock: 7, quantity: 3 });
    const before = await available(member.id);
    fake.mode = { kind: 'error', status: 502 };
    await t.app.orderWorker.runOnce();
    // The provider stays down; the retries are spaced out beyond the deadline.
    await db
      .update(giftOrders)
      .set({ nextAttemptAt: new Date(clock + 100 * HOUR) })
      .where(eq(giftOrders.id, orderId));
    await later(47 * HOUR);
    expect((await order(orderId)).state).toBe('placed');
    await later(2 * HOUR);
    const row = await order(orderId);
    expect(row.state).toBe('failed');
    expect(row.lastError).toMatch(/within 48 hours/);
    expect(row.failedBy).toBe('unconfirmed');
    expect(await available(member.id)).toBe(before + total);
    expect(await stock(giftId)).toBe(7);
    expect(await refunds(orderId)).toHaveLength(1);
    expect(await failedMails(member.email)).toHaveLength(1);
  });

  it('fails a submitted order the provider later refuses', async () => {
    const { orderId, member, total } = await placedOrder();
    const before = await available(member.id);
    await t.app.orderWorker.runOnce();
    expect((await order(orderId)).state).toBe('submitted');
    fake.states.set(`FP-${orderId}`, { state: 'refused', reason: 'Out of vouchers' });
    await later(61_000);
    expect(await order(orderId)).toMatchObject({ state: 'failed', failedBy: 'refused' });
    expect(await available(member.id)).toBe(before + total);
    expect((await failedMails(member.email))[0]!.text).toContain('Out of vouchers');
  });

  it('with two workers racing, calls the provider once per order and refunds once', async () => {
    const placed = [await placedOrder(), await placedOrder(), await placedOrder()];
    const second = anotherWorker();
    await Promise.all([t.app.orderWorker.runOnce(), second.runOnce()]);
    for (const { orderId } of placed) {
      expect(fake.postsFor(orderId)).toBe(1);
      expect((await order(orderId)).state).toBe('submitted');
    }
    // Refusals racing: one refund and one mail each.
    for (const { orderId } of placed) {
      fake.states.set(`FP-${orderId}`, { state: 'refused', reason: 'Cancelled' });
    }
    clock += 61_000;
    await Promise.all([t.app.orderWorker.runOnce(), second.runOnce()]);
    for (const { orderId, member } of placed) {
      expect((await order(orderId)).state).toBe('failed');
      expect(await refunds(orderId)).toHaveLength(1);
      expect(await failedMails(member.email)).toHaveLength(1);
    }
  });

  it('with workers taking small batches, every order goes to the provider once', async () => {
    const placed = [];
    for (let index = 0; index < 8; index += 1) placed.push(await placedOrder());
    const workers = [1, 2, 3].map(() => anotherWorker({ batchSize: 2 }));
    await Promise.all(workers.map((worker) => worker.runOnce()));
    for (const { orderId } of placed) {
      expect(fake.postsFor(orderId)).toBe(1);
      expect((await order(orderId)).state).toBe('submitted');
    }
  });

  it('with two workers failing the same unconfirmed orders, refunds and mails once', async () => {
    const placed = [await placedOrder(), await placedOrder()];
    const second = anotherWorker();
    for (const { orderId } of placed) {
      await db
        .update(giftOrders)
        .set({ nextAttemptAt: new Date(clock + 100 * HOUR) })
        .where(eq(giftOrders.id, orderId));
    }
    clock += 49 * HOUR;
    await Promise.all([t.app.orderWorker.runOnce(), second.runOnce()]);
    for (const { orderId, member } of placed) {
      expect((await order(orderId)).state).toBe('failed');
      expect(await refunds(orderId)).toHaveLength(1);
      expect(await failedMails(member.email)).toHaveLength(1);
      expect(fake.postsFor(orderId)).toBe(0);
    }
  });

  it('reports availability, and an unreachable provider as unavailable', async () => {
    fake.available = false;
    expect(await t.app.orderWorker.checkAvailability()).toBe(false);
    expect(t.app.orderPartner.isOff()).toBe(true);
    fake.available = true;
    expect(await t.app.orderWorker.checkAvailability()).toBe(true);
    expect(t.app.orderPartner.isOff()).toBe(false);
    const unreachable = new HttpVoucherProvider({
      url: 'http://127.0.0.1:9/api',
      key: KEY,
      timeoutMs: 300,
    });
    expect(await unreachable.isAvailable()).toBe(false);
    const placedResult = await unreachable.placeOrder({
      id: 1,
      agentId: 1,
      memberNumber: '1',
      countryCode: 'gr',
      delivery: 'self',
      deliveryAddress: '',
      totalPoints: 1,
      lines: [],
    });
    expect(placedResult.outcome).toBe('retry');
  });
});

describe('the check intervals', () => {
  let quick: TestApp;
  beforeAll(async () => {
    quick = await createTestApp({
      now,
      database: t.database,
      config: { gifts: giftsConfig({ orderStatusCheckMs: 5_000 }) },
    });
  });
  afterAll(() => quick.close());

  it('sets how soon the provider is asked again about an order it accepted', async () => {
    const { orderId } = await placedOrder();
    await quick.app.orderWorker.runOnce();
    expect((await order(orderId)).state).toBe('submitted');
    fake.states.set(`FP-${orderId}`, { state: 'fulfilled' });
    clock += 4_000;
    await quick.app.orderWorker.runOnce();
    expect((await order(orderId)).state).toBe('submitted');
    clock += 1_001;
    await quick.app.orderWorker.runOnce();
    expect((await order(orderId)).state).toBe('fulfilled');
  });

  it('VOUCHER_PROVIDER_CHECK_MS sets how soon a provider outage turns ordering off', async () => {
    const app = await buildApp({
      config: { ...t.config, gifts: giftsConfig({ providerCheckMs: 50 }) },
      db,
      logger: false,
      backgroundJobs: true,
    });
    await app.ready();
    try {
      // The checks of the start have answered.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(app.orderWorker.lastKnownAvailable).toBe(true);
      fake.available = false;
      await expect.poll(() => app.orderWorker.lastKnownAvailable, { timeout: 2000 }).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('an order placed', () => {
  it('wakes the worker once its transaction has committed, without waiting for the poll or a page URL', async () => {
    const app = await buildApp({
      config: { ...t.config, gifts: giftsConfig({ orderPollMs: 600_000 }) },
      db,
      logger: false,
      backgroundJobs: true,
      now,
    });
    await app.ready();
    try {
      // The pass of the start is over; the next poll is ten minutes away.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const agent = await createAgent(db, { firstName: 'Eleni' });
      await creditAdditional(db, agent.id, dayOf(clock), 1000, 'Welcome bonus');
      await setTaxOk(db, agent.id, true);
      await openGiftOrdering(db, 'gr');
      const giftId = nextGiftId++;
      await db
        .insert(gifts)
        .values({ id: giftId, countryCode: 'gr', category: 'test', points: 50 });
      const member = (await new Members(db).byId(agent.id))!;
      // Placed the way the redeem-points page places it, but outside any request of that page.
      const outcome = await placeOrder(db, {
        member,
        orderKey: randomUUID(),
        lines: [{ id: giftId, quantity: 1 }],
        delivery: 'self',
        deliveryAddress: '',
        provider: 'http',
        today: dayOf(clock),
        now: new Date(clock),
        gate: { orderPartnerOff: false, gifts: app.config.gifts },
      });
      if (outcome.kind !== 'ordered') throw new Error(`not ordered: ${outcome.kind}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(fake.postsFor(outcome.orderId)).toBe(0);
      // Any response after the commit wakes it: here a health check.
      await app.inject({ url: '/livez' });
      await expect.poll(() => fake.postsFor(outcome.orderId), { timeout: 2000 }).toBe(1);
      await expect.poll(async () => (await order(outcome.orderId)).state).toBe('submitted');
    } finally {
      await app.close();
    }
  });
});

describe('a batch of orders', () => {
  /** A worker of the manual provider's orders (a lease of a minute) whose calls to place one are `placeOrder`. */
  function workerPlacing(placeOrder: VoucherProvider['placeOrder']) {
    const provider: VoucherProvider = {
      name: 'manual',
      hasOrderStatus: false,
      isAvailable: () => Promise.resolve(true),
      placeOrder,
      orderStatus: () => Promise.resolve({ state: 'pending' }),
      cancelOrder: () => Promise.resolve({ outcome: 'cancelled' }),
    };
    return new OrderWorker(db, provider, { ...workerOptions(), leaseMs: 60_000 });
  }

  it('places each with the provider, records the accepted together, and each only under its own lease', async () => {
    const [accepted, refused, taken] = [
      await placedOrder({ provider: 'manual' }),
      await placedOrder({ provider: 'manual' }),
      await placedOrder({ provider: 'manual' }),
    ];
    const calls: number[] = [];
    const worker = workerPlacing(async (details) => {
      calls.push(details.id);
      if (details.id === refused.orderId) {
        return { outcome: 'refused', reason: 'Not sold in Greece' };
      }
      if (details.id === accepted.orderId) {
        // Meanwhile another worker holds the last order (its lease ran out here and it claimed it).
        await db
          .update(giftOrders)
          .set({ lockedUntil: new Date(clock + HOUR) })
          .where(eq(giftOrders.id, taken.orderId));
      }
      return { outcome: 'accepted', ref: `batch-${details.id}` };
    });
    const run = await worker.runOnce();
    // One call each, with what the order says.
    expect(calls).toEqual([accepted.orderId, refused.orderId, taken.orderId]);
    expect(run).toMatchObject({ submitted: 1, failed: 1 });
    expect(await order(accepted.orderId)).toMatchObject({
      state: 'submitted',
      providerRef: `batch-${accepted.orderId}`,
      attempts: 1,
      lockedUntil: null,
    });
    expect(await order(refused.orderId)).toMatchObject({ state: 'failed' });
    expect(await refunds(refused.orderId)).toHaveLength(1);
    // The order another worker holds is left to it.
    expect(await order(taken.orderId)).toMatchObject({ state: 'placed', providerRef: null });
    for (const [orderId, outcome] of [
      [accepted.orderId, 'accepted'],
      [refused.orderId, 'refused'],
      [taken.orderId, 'accepted'],
    ] as const) {
      const attempts = await db
        .select()
        .from(giftOrderAttempts)
        .where(eq(giftOrderAttempts.orderId, orderId));
      expect(attempts.map((attempt) => [attempt.call, attempt.outcome])).toEqual([
        ['place', outcome],
      ]);
    }
  });

  it('records what a slow provider accepted while the lease has half its time left', async () => {
    const [first, second] = [
      await placedOrder({ provider: 'manual' }),
      await placedOrder({ provider: 'manual' }),
    ];
    const seenBySecondCall: string[] = [];
    const worker = workerPlacing(async (details) => {
      if (details.id === second.orderId) seenBySecondCall.push((await order(first.orderId)).state);
      // Each call takes 40 seconds of the minute's lease.
      clock += 40_000;
      return { outcome: 'accepted', ref: `slow-${details.id}` };
    });
    await worker.runOnce();
    // The first was recorded before the second call; no other worker took the second meanwhile.
    expect(seenBySecondCall).toEqual(['submitted']);
    expect((await order(second.orderId)).state).toBe('submitted');
  });
});

describe('the manual provider', () => {
  let manual: TestApp;
  beforeAll(async () => {
    manual = await createTestApp({
      now,
      database: t.database,
      config: { gifts: { ...loadConfig({}).gifts, provider: 'manual' } },
    });
  });
  afterAll(() => manual.close());

  it('accepts at once, waits for staff, and the command marks the order fulfilled', async () => {
    const { orderId, member } = await placedOrder({ provider: 'manual' });
    expect(await manual.app.voucherProvider.isAvailable()).toBe(true);
    await manual.app.orderWorker.runOnce();
    let row = await order(orderId);
    expect(row.state).toBe('submitted');
    expect(row.providerRef).toBe(`manual-${orderId}`);
    // Pending until staff act, however long it takes.
    clock += 100 * HOUR;
    await manual.app.orderWorker.runOnce();
    expect((await order(orderId)).state).toBe('submitted');

    const out: string[] = [];
    const errors: string[] = [];
    const output = {
      out: (line: string) => out.push(line),
      error: (line: string) => errors.push(line),
    };
    expect(await main(['--list'], {}, output, now, t.database)).toBe(0);
    expect(
      out.some((line) => line.startsWith(`#${orderId} `) && line.includes(member.number)),
    ).toBe(true);
    // Codes that are not short printable tokens are refused before anything changes.
    expect(await main([String(orderId), 'bad code'], {}, output, now, t.database)).toBe(1);
    expect(errors.at(-1)).toMatch(/^Usage/);
    expect((await order(orderId)).state).toBe('submitted');
    expect(
      await main([String(orderId), 'GIFT-0001', 'GIFT-0002'], {}, output, now, t.database),
    ).toBe(0);
    expect(out.at(-1)).toBe(`Order ${orderId} marked fulfilled.`);
    row = await order(orderId);
    expect(row.state).toBe('fulfilled');
    expect(row.fulfilledAt?.getTime()).toBe(clock);
    expect(row.vouchers).toEqual(['GIFT-0001', 'GIFT-0002']);
    const mails = await fulfilledMails(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('GIFT-0001, GIFT-0002');

    expect(await main([String(orderId)], {}, output, now, t.database)).toBe(1);
    expect(errors.at(-1)).toBe(`Order ${orderId} is fulfilled, not submitted: nothing changed.`);
    expect(await main(['999999'], {}, output, now, t.database)).toBe(1);
    expect(await main([], {}, output, now, t.database)).toBe(1);
    expect(errors.at(-1)).toMatch(/^Usage/);
    // The HTTP worker leaves manual orders alone.
    expect(fake.postsFor(orderId)).toBe(0);
  });
});
