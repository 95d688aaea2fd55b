import type { App } from '../../../app-types.js';
import type { Config } from '../../../config.js';
import { wakeAfterCommit } from '../../../lib/commit-signal.js';
import { PeriodicJob } from '../../../lib/periodic-job.js';
import { orderPlacedSignal } from '../ordering/order-signal.js';
import { HttpVoucherProvider } from './http-provider.js';
import { ManualVoucherProvider } from './manual-provider.js';
import { OrderWorker } from './order-worker.js';
import type { VoucherProvider } from './voucher-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who fulfils gift orders (`VOUCHER_PROVIDER`): programme staff or the provider's HTTP API. */
    voucherProvider: VoucherProvider;
    /** The order queue's passes (`runOnce`, run by hand in tests); its job is `orderQueue` of `app.backgroundJobs`. */
    orderWorker: OrderWorker;
  }
}

/** The configured voucher provider. */
export function createVoucherProvider(gifts: Config['gifts']): VoucherProvider {
  if (gifts.provider === 'manual') return new ManualVoucherProvider();
  if (gifts.providerUrl === undefined) {
    throw new Error('VOUCHER_PROVIDER=http needs VOUCHER_PROVIDER_URL');
  }
  return new HttpVoucherProvider({
    url: gifts.providerUrl,
    key: gifts.providerKey,
    timeoutMs: gifts.providerTimeoutMs,
  });
}

/**
 * The voucher provider and the order queue's worker (docs/gifts.md, "The
 * voucher provider"): the background job `orderQueue` every ORDER_POLL_MS,
 * and at once after a response whose request placed an order; availability
 * is asked when the app is ready and every VOUCHER_PROVIDER_CHECK_MS (the job
 * `voucherAvailability`); the status report's `edenredIsOff` follows it.
 */
export function setupVoucherProvider(app: App, options: { now: () => number }): OrderWorker {
  const gifts = app.config.gifts;
  const provider = createVoucherProvider(gifts);
  const worker = new OrderWorker(app.db, provider, {
    now: options.now,
    log: app.log,
    statusCheckMs: gifts.orderStatusCheckMs,
    retryBaseMs: gifts.orderRetryBaseMs,
    maxAttempts: gifts.orderMaxAttempts,
    confirmHours: gifts.orderConfirmHours,
  });
  app.decorate('voucherProvider', provider);
  app.decorate('orderWorker', worker);
  const queue = new PeriodicJob({
    intervalMs: gifts.orderPollMs,
    run: () => worker.runOnce(),
    log: app.log,
    failureMessage: 'order worker failed',
  });
  app.backgroundJobs.add('orderQueue', queue);
  // Not a readiness condition: a failing check only turns ordering off.
  app.backgroundJobs.add(
    'voucherAvailability',
    new PeriodicJob({
      intervalMs: gifts.providerCheckMs,
      run: () => worker.checkAvailability(),
      log: app.log,
      failureMessage: 'voucher provider availability check failed',
    }),
    { readiness: false },
  );
  // Without the background jobs (tests, commands) availability is asked once, at start.
  app.addHook('onReady', async () => {
    await worker.checkAvailability();
  });
  wakeAfterCommit(app, orderPlacedSignal, queue);
  return worker;
}
