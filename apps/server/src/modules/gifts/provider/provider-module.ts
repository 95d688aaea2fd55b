import type { App } from '../../../app.js';
import type { Config } from '../../../config.js';
import { HttpVoucherProvider } from './http-provider.js';
import { ManualVoucherProvider } from './manual-provider.js';
import { OrderWorker } from './order-worker.js';
import type { VoucherProvider } from './voucher-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who fulfils gift orders (`VOUCHER_PROVIDER`): programme staff or the provider's HTTP API. */
    voucherProvider: VoucherProvider;
    /** The order queue's worker; started with the background jobs, run by hand in tests. */
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
 * voucher provider"). Availability is checked at start and every
 * `VOUCHER_PROVIDER_CHECK_MS` by the worker; the status report's
 * `edenredIsOff` follows it.
 */
export function setupVoucherProvider(
  app: App,
  options: { now: () => number; backgroundJobs: boolean },
): Promise<void> {
  const gifts = app.config.gifts;
  const provider = createVoucherProvider(gifts);
  const worker = new OrderWorker(app.db, provider, {
    now: options.now,
    log: app.log,
    pollMs: gifts.orderPollMs,
    statusCheckMs: gifts.orderStatusCheckMs,
    availabilityMs: gifts.providerCheckMs,
    retryBaseMs: gifts.orderRetryBaseMs,
    maxAttempts: gifts.orderMaxAttempts,
    confirmHours: gifts.orderConfirmHours,
  });
  app.decorate('voucherProvider', provider);
  app.decorate('orderWorker', worker);
  app.orderPartner.isOff = () => app.config.points.orderPartnerOff || !worker.lastKnownAvailable;
  if (options.backgroundJobs) {
    app.addHook('onReady', async () => {
      await worker.checkAvailability();
      worker.start();
    });
    // An order placed (its transaction committed before the answer): send it now, not at the next poll.
    app.addHook('onResponse', (request, reply, done) => {
      if (
        request.method === 'POST' &&
        reply.statusCode === 200 &&
        request.url.includes('/pages/redeem-points')
      ) {
        worker.wake();
      }
      done();
    });
  } else {
    // Without the background jobs (tests, commands) availability is asked once at start.
    app.addHook('onReady', async () => {
      await worker.checkAvailability();
    });
  }
  app.addHook('onClose', () => worker.stop());
  return Promise.resolve();
}
