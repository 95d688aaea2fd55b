import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import { jsonArray } from '../../../db/columns.js';
import { rowsOf } from '../../../db/rows.js';
import { agents } from '../../agents/schema.js';
import { retryDelayMs } from '../../mail/retry-backoff.js';
import { giftOrderAttempts, giftOrders, type ProviderCall } from '../schema.js';
import { markFulfilled, voucherCodes } from './fulfilment.js';
import { refundableOrder, refundOrderIn } from './refund-order.js';
import type {
  CancelResult,
  PlaceResult,
  ProviderOrder,
  VoucherProvider,
} from './voucher-provider.js';

export type OrderWorkerOptions = {
  now: () => number;
  log: FastifyBaseLogger;
  /** Retries back off exponentially from this delay (with jitter). */
  retryBaseMs: number;
  /** Retries never wait longer than this (default 6 hours). */
  retryMaxMs?: number;
  /** After this many failed calls the order fails and its points come back. */
  maxAttempts: number;
  /** An order the provider has not accepted within this time of its placing fails. */
  confirmHours: number;
  /** How often a submitted order's status is asked. */
  statusCheckMs: number;
  /** How long a claimed order stays away from other workers (default: a provider call and a minute). */
  leaseMs?: number;
  batchSize?: number;
  random?: () => number;
};

export type OrderWorkerRun = {
  submitted: number;
  retried: number;
  fulfilled: number;
  failed: number;
};

type Claimed = {
  id: number;
  state: 'placed' | 'submitted';
  providerRef: string | null;
  attempts: number;
  lease: Date;
};

/** A placing the provider accepted, kept until the batch is recorded. */
type Accepted = { order: Claimed; ref: string; at: Date };

type FailedBy = 'refused' | 'attempts' | 'unconfirmed';
type GivenUpBy = Exclude<FailedBy, 'refused'>;

/**
 * The order queue (`gift_orders`, docs/gifts.md): places orders with the
 * voucher provider after the order's transaction committed, retries with
 * backoff, follows submitted orders to fulfilment, and fails an order the
 * provider refuses or never accepts — refunding its points, giving back its
 * stock and mailing the member, once. An order never accepted is refunded
 * only once the provider confirms it will not fulfil it (`cancelOrder`), so
 * a call whose answer was lost never costs the club a gift and its points. Safe with several workers in several
 * processes: an order is claimed in a short transaction (`for update skip
 * locked` and a `lockedUntil` lease), the provider is called after that
 * commit, and the outcome is recorded only while the lease is still ours.
 */
export class OrderWorker {
  private available = true;
  private readonly leaseMs: number;
  private readonly statusCheckMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly db: Database,
    private readonly provider: VoucherProvider,
    private readonly options: OrderWorkerOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.statusCheckMs = options.statusCheckMs;
    this.batchSize = options.batchSize ?? 20;
  }

  /** The last availability check's answer; a failed check counts as unavailable. */
  get lastKnownAvailable(): boolean {
    return this.available;
  }

  /** Asks the provider whether ordering is possible now, and remembers the answer. */
  async checkAvailability(): Promise<boolean> {
    try {
      this.available = await this.provider.isAvailable();
    } catch (error) {
      this.options.log.warn({ err: error }, 'voucher provider availability check failed');
      this.available = false;
    }
    return this.available;
  }

  /** One pass: fail what was never accepted in time, then work through the due orders a batch at a time. */
  async runOnce(): Promise<OrderWorkerRun> {
    const run: OrderWorkerRun = { submitted: 0, retried: 0, fulfilled: 0, failed: 0 };
    await this.giveUpUnconfirmed(run);
    for (;;) {
      const claimed = await this.claim();
      await this.placeAll(
        claimed.filter((order) => order.state === 'placed'),
        run,
      );
      for (const order of claimed) {
        if (order.state === 'submitted') await this.work(order, () => this.checkStatus(order, run));
      }
      if (claimed.length < this.batchSize) return run;
    }
  }

  /** Placed orders not accepted within `confirmHours` of their placing (and not held by a worker now). */
  private async giveUpUnconfirmed(run: OrderWorkerRun): Promise<void> {
    const now = new Date(this.options.now());
    const deadline = new Date(now.getTime() - this.options.confirmHours * 3_600_000);
    const due = await this.db
      .select({ id: giftOrders.id, lastError: giftOrders.lastError })
      .from(giftOrders)
      .where(
        and(
          eq(giftOrders.state, 'placed'),
          eq(giftOrders.provider, this.provider.name),
          lt(giftOrders.createdAt, deadline),
          or(isNull(giftOrders.lockedUntil), lte(giftOrders.lockedUntil, now)),
        ),
      )
      .orderBy(asc(giftOrders.id))
      .limit(500);
    for (const order of due) {
      const reason = `Not confirmed by the voucher provider within ${this.options.confirmHours} hours`;
      await this.giveUp(order.id, reason, 'unconfirmed', undefined, undefined, run);
    }
  }

  /**
   * Gives up on an order the provider never accepted. Its points come back
   * only once the provider confirms it will never fulfil it; should the
   * provider hold it after all (an answer lost to a timeout), the order is
   * submitted; should it not answer, the club asks again later.
   */
  private async giveUp(
    orderId: number,
    reason: string,
    by: GivenUpBy,
    claimed: Claimed | undefined,
    attempts: number | undefined,
    run: OrderWorkerRun,
  ): Promise<void> {
    const now = new Date(this.options.now());
    const later = new Date(now.getTime() + this.statusCheckMs);
    const where =
      claimed === undefined
        ? and(eq(giftOrders.id, orderId), eq(giftOrders.state, 'placed'))
        : this.stillOurs(claimed);
    const counted = attempts === undefined ? {} : { attempts };
    let cancel: CancelResult;
    try {
      cancel = await this.provider.cancelOrder(orderId);
      await this.noteAttempt(
        orderId,
        'cancel',
        cancel.outcome,
        cancel.outcome === 'held' ? `held as ${cancel.ref}` : '',
      );
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      await this.noteAttempt(orderId, 'cancel', 'error', why);
      await this.db
        .update(giftOrders)
        .set({
          ...counted,
          lastError: `${reason}; not cancelled yet: ${why}`.slice(0, 1000),
          // Unclaimed (past the confirmation time): the lock spaces out the next try.
          lockedUntil: claimed === undefined ? later : null,
          nextAttemptAt: later,
        })
        .where(where);
      this.options.log.warn({ orderId, reason: why }, 'voucher order not cancelled yet');
      run.retried += 1;
      return;
    }
    if (cancel.outcome === 'held') {
      const updated = await this.db
        .update(giftOrders)
        .set({
          ...counted,
          state: 'submitted',
          providerRef: cancel.ref,
          submittedAt: now,
          lastError: null,
          lockedUntil: null,
          nextAttemptAt: later,
        })
        .where(where)
        .returning({ id: giftOrders.id });
      if (updated.length > 0) run.submitted += 1;
      return;
    }
    if (await this.fail(orderId, reason, by, claimed, attempts)) run.failed += 1;
  }

  /** Claims due orders of this provider in a short transaction; the provider is called after it commits. */
  private async claim(): Promise<Claimed[]> {
    const now = new Date(this.options.now());
    const lease = new Date(now.getTime() + this.leaseMs);
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: giftOrders.id,
          state: giftOrders.state,
          providerRef: giftOrders.providerRef,
          attempts: giftOrders.attempts,
        })
        .from(giftOrders)
        .where(
          and(
            this.provider.hasOrderStatus === false
              ? eq(giftOrders.state, 'placed')
              : inArray(giftOrders.state, ['placed', 'submitted']),
            eq(giftOrders.provider, this.provider.name),
            lte(giftOrders.nextAttemptAt, now),
            or(isNull(giftOrders.lockedUntil), lte(giftOrders.lockedUntil, now)),
          ),
        )
        .orderBy(asc(giftOrders.nextAttemptAt), asc(giftOrders.id))
        .limit(this.batchSize)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      await tx
        .update(giftOrders)
        .set({ lockedUntil: lease })
        .where(
          inArray(
            giftOrders.id,
            rows.map((row) => row.id),
          ),
        );
      return rows.map((row) => ({
        id: row.id,
        state: row.state as Claimed['state'],
        providerRef: row.providerRef,
        attempts: row.attempts,
        lease,
      }));
    });
  }

  /** Runs one order's step; an error is logged and the order left to its lease. */
  private async work(order: Claimed, step: () => Promise<void>): Promise<void> {
    try {
      await step();
    } catch (error) {
      this.options.log.error(
        { err: error, orderId: order.id },
        'order worker: order failed to process',
      );
    }
  }

  /**
   * Places a claimed batch with the provider, one call per order in turn.
   * The orders are read in one statement, and the accepted ones (nearly all)
   * are recorded together in one more: a busy club's worker keeps up with
   * its orders without two round trips to the database for each. Should the
   * process stop before that record, the leases run out and the orders are
   * placed again; the provider takes the club's order id as its idempotency
   * key, so the same order twice is one order.
   */
  private async placeAll(orders: Claimed[], run: OrderWorkerRun): Promise<void> {
    if (orders.length === 0) return;
    let details: Map<number, ProviderOrder>;
    try {
      details = await this.providerOrders(orders.map((order) => order.id));
    } catch (error) {
      this.options.log.error(
        { err: error, orderIds: orders.map((order) => order.id) },
        'order worker: orders failed to process',
      );
      return;
    }
    let accepted: Accepted[] = [];
    const record = async () => {
      try {
        run.submitted += await this.recordAccepted(accepted);
      } catch (error) {
        this.options.log.error(
          { err: error, orderIds: accepted.map(({ order }) => order.id) },
          'order worker: accepted orders not recorded (placed again when their lease ends)',
        );
      }
      accepted = [];
    };
    for (const order of orders) {
      const found = details.get(order.id);
      if (found === undefined) continue;
      // A slow provider: what it accepted is recorded while the lease has half its time left.
      if (this.options.now() >= order.lease.getTime() - this.leaseMs / 2) await record();
      await this.work(order, async () => {
        const result = await this.placeResult(found);
        if (result.outcome === 'accepted') {
          accepted.push({ order, ref: result.ref, at: new Date(this.options.now()) });
        } else {
          await this.notAccepted(order, result, run);
        }
      });
    }
    await record();
  }

  /** The provider's answer to placing an order; a call that fails is one to try again. */
  private async placeResult(details: ProviderOrder): Promise<PlaceResult> {
    try {
      return await this.provider.placeOrder(details);
    } catch (error) {
      return { outcome: 'retry', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * Records accepted orders in one statement: each call's attempt, and the
   * order submitted with the provider's reference, only while it is placed
   * under the claim's lease (as {@link stillOurs}). Answers how many it moved.
   */
  private async recordAccepted(accepted: Accepted[]): Promise<number> {
    if (accepted.length === 0) return 0;
    const now = new Date(this.options.now());
    const next = new Date(now.getTime() + this.statusCheckMs);
    const rows = accepted.map(
      ({ order, ref, at }) =>
        sql`(${order.id}::int, ${order.lease.toISOString()}::timestamptz, ${ref}::text, ${order.attempts + 1}::int, ${at.toISOString()}::timestamptz, ${`ref ${ref}`.slice(0, 1000)}::text)`,
    );
    const moved = await this.db.execute(sql`
      with accepted (id, lease, ref, attempts, at, answer) as (values ${sql.join(rows, sql`, `)}),
      noted as (
        insert into gift_order_attempts (order_id, at, call, outcome, answer)
        select id, at, 'place', 'accepted', answer from accepted)
      update gift_orders o
        set state = 'submitted', provider_ref = a.ref, attempts = a.attempts,
          submitted_at = ${now.toISOString()}::timestamptz, last_error = null, locked_until = null,
          next_attempt_at = ${next.toISOString()}::timestamptz
        from accepted a
        where o.id = a.id and o.state = 'placed' and o.locked_until = a.lease
        returning o.id`);
    return rowsOf(moved).length;
  }

  /** What follows a placing the provider did not accept: the attempt noted, then a retry, a failure or giving up. */
  private async notAccepted(
    order: Claimed,
    result: Exclude<PlaceResult, { outcome: 'accepted' }>,
    run: OrderWorkerRun,
  ): Promise<void> {
    await this.noteAttempt(order.id, 'place', result.outcome, result.reason);
    const now = new Date(this.options.now());
    const attempts = order.attempts + 1;
    if (result.outcome === 'refused') {
      if (await this.fail(order.id, result.reason, 'refused', order, attempts)) run.failed += 1;
      return;
    }
    if (attempts >= this.options.maxAttempts) {
      await this.giveUp(order.id, result.reason, 'attempts', order, attempts, run);
      return;
    }
    const delay = retryDelayMs(
      attempts,
      { retryBaseMs: this.options.retryBaseMs, retryMaxMs: this.options.retryMaxMs ?? 21_600_000 },
      this.options.random,
    );
    const updated = await this.db
      .update(giftOrders)
      .set({
        attempts,
        lastError: result.reason.slice(0, 1000),
        lockedUntil: null,
        nextAttemptAt: new Date(now.getTime() + delay),
      })
      .where(this.stillOurs(order))
      .returning({ id: giftOrders.id });
    if (updated.length > 0) run.retried += 1;
    this.options.log.warn(
      { orderId: order.id, attempts, reason: result.reason },
      'voucher order to be retried',
    );
  }

  private async checkStatus(order: Claimed, run: OrderWorkerRun): Promise<void> {
    const now = () => new Date(this.options.now());
    let status;
    try {
      status = await this.provider.orderStatus(
        order.providerRef ?? `${this.provider.name}-${order.id}`,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.noteAttempt(order.id, 'status', 'error', reason);
      await this.db
        .update(giftOrders)
        .set({
          lastError: reason.slice(0, 1000),
          lockedUntil: null,
          nextAttemptAt: new Date(now().getTime() + this.statusCheckMs),
        })
        .where(this.stillOurs(order));
      return;
    }
    await this.noteAttempt(
      order.id,
      'status',
      status.state,
      status.state === 'refused'
        ? status.reason
        : status.state === 'fulfilled'
          ? `vouchers: ${(status.vouchers ?? []).join(', ') || 'none'}`
          : '',
    );
    if (status.state === 'refused') {
      if (await this.fail(order.id, status.reason, 'refused', order)) run.failed += 1;
      return;
    }
    if (status.state === 'fulfilled') {
      const vouchers = voucherCodes(status.vouchers ?? []);
      if (await markFulfilled(this.db, this.stillOurs(order), { now: now(), vouchers })) {
        run.fulfilled += 1;
      }
      return;
    }
    await this.db
      .update(giftOrders)
      .set({ lockedUntil: null, nextAttemptAt: new Date(now().getTime() + this.statusCheckMs) })
      .where(this.stillOurs(order));
  }

  /** Keeps the provider's answer to one call about an order, for the staff's order page. */
  private async noteAttempt(
    orderId: number,
    call: ProviderCall,
    outcome: string,
    answer: string,
  ): Promise<void> {
    await this.db.insert(giftOrderAttempts).values({
      orderId,
      at: new Date(this.options.now()),
      call,
      outcome,
      answer: answer.slice(0, 1000),
    });
  }

  /** The claimed order in the state it was claimed in, under our lease. */
  private stillOurs(order: Claimed) {
    return and(
      eq(giftOrders.id, order.id),
      eq(giftOrders.state, order.state),
      eq(giftOrders.lockedUntil, order.lease),
    );
  }

  /** What the provider is told of each order (its lines in gift order), read in one statement. */
  private async providerOrders(orderIds: number[]): Promise<Map<number, ProviderOrder>> {
    const rows = await this.db
      .select({
        id: giftOrders.id,
        agentId: giftOrders.agentId,
        memberNumber: agents.number,
        countryCode: giftOrders.countryCode,
        delivery: giftOrders.delivery,
        deliveryAddress: giftOrders.deliveryAddress,
        totalPoints: giftOrders.totalPoints,
        lines: sql<unknown>`(select json_agg(json_build_object(
            'giftId', l.gift_id, 'quantity', l.quantity, 'points', l.points, 'description', l.description)
            order by l.gift_id)
          from gift_order_lines l where l.order_id = ${giftOrders.id})`,
      })
      .from(giftOrders)
      .innerJoin(agents, eq(agents.id, giftOrders.agentId))
      .where(inArray(giftOrders.id, orderIds));
    return new Map(
      rows.map(({ lines, memberNumber, ...order }) => [
        order.id,
        {
          ...order,
          memberNumber: memberNumber ?? '',
          lines: jsonArray<ProviderOrder['lines'][number]>(lines),
        },
      ]),
    );
  }

  /**
   * Fails an order in one transaction: the state change (only from placed or
   * submitted, under the row lock, so twice is once), the refund through the
   * ledger, the counted stock back, and the member's mail. With `claimed`,
   * only while that claim's lease is still ours. Answers whether it failed it.
   */
  private async fail(
    orderId: number,
    reason: string,
    by: FailedBy,
    claimed: Claimed | undefined,
    attempts?: number,
  ): Promise<boolean> {
    const now = new Date(this.options.now());
    const failed = await this.db.transaction((tx) =>
      refundOrderIn(tx, {
        where:
          claimed === undefined
            ? refundableOrder(orderId)
            : and(this.stillOurs(claimed), ne(giftOrders.state, 'failed')),
        reason,
        by,
        now,
        attempts,
      }),
    );
    if (failed === undefined) return false;
    this.options.log.info(
      {
        event: 'order.refunded',
        orderId,
        memberId: failed.memberId,
        points: failed.points,
        reason,
        by,
      },
      'voucher order failed, points refunded',
    );
    return true;
  }
}
