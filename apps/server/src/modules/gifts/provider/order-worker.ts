import { and, asc, eq, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import { agents } from '../../agents/schema.js';
import { retryDelayMs } from '../../mail/retry-backoff.js';
import { giftOrderAttempts, giftOrderLines, giftOrders, type ProviderCall } from '../schema.js';
import { markFulfilled, voucherCodes } from './fulfilment.js';
import { refundableOrder, refundOrderIn } from './refund-order.js';
import type { CancelResult, ProviderOrder, VoucherProvider } from './voucher-provider.js';

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
      for (const order of claimed) await this.work(order, run);
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

  private async work(order: Claimed, run: OrderWorkerRun): Promise<void> {
    try {
      if (order.state === 'placed') await this.place(order, run);
      else await this.checkStatus(order, run);
    } catch (error) {
      this.options.log.error(
        { err: error, orderId: order.id },
        'order worker: order failed to process',
      );
    }
  }

  private async place(order: Claimed, run: OrderWorkerRun): Promise<void> {
    const details = await this.providerOrder(order.id);
    if (details === undefined) return;
    let result;
    try {
      result = await this.provider.placeOrder(details);
    } catch (error) {
      result = {
        outcome: 'retry' as const,
        reason: error instanceof Error ? error.message : String(error),
      };
    }
    await this.noteAttempt(
      order.id,
      'place',
      result.outcome,
      result.outcome === 'accepted' ? `ref ${result.ref}` : result.reason,
    );
    const now = new Date(this.options.now());
    const attempts = order.attempts + 1;
    if (result.outcome === 'accepted') {
      const updated = await this.db
        .update(giftOrders)
        .set({
          state: 'submitted',
          providerRef: result.ref,
          attempts,
          submittedAt: now,
          lastError: null,
          lockedUntil: null,
          nextAttemptAt: new Date(now.getTime() + this.statusCheckMs),
        })
        .where(this.stillOurs(order))
        .returning({ id: giftOrders.id });
      if (updated.length > 0) run.submitted += 1;
      return;
    }
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

  private async providerOrder(orderId: number): Promise<ProviderOrder | undefined> {
    const [order] = await this.db
      .select({
        id: giftOrders.id,
        agentId: giftOrders.agentId,
        memberNumber: agents.number,
        countryCode: giftOrders.countryCode,
        delivery: giftOrders.delivery,
        deliveryAddress: giftOrders.deliveryAddress,
        totalPoints: giftOrders.totalPoints,
      })
      .from(giftOrders)
      .innerJoin(agents, eq(agents.id, giftOrders.agentId))
      .where(eq(giftOrders.id, orderId));
    if (order === undefined) return undefined;
    const lines = await this.db
      .select({
        giftId: giftOrderLines.giftId,
        quantity: giftOrderLines.quantity,
        points: giftOrderLines.points,
        description: giftOrderLines.description,
      })
      .from(giftOrderLines)
      .where(eq(giftOrderLines.orderId, orderId))
      .orderBy(asc(giftOrderLines.giftId));
    return { ...order, memberNumber: order.memberNumber ?? '', lines };
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
