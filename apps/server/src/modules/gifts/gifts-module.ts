import type { App } from '../../app.js';
import { setupOrdering } from './ordering/ordering-module.js';
import { setupVoucherProvider } from './provider/provider-module.js';

export type GiftsModuleOptions = {
  /** Clock, injectable for tests (default Date.now). */
  now?: () => number;
  /** Start the order worker when the app is ready (the server does; tests run it by hand). */
  backgroundJobs?: boolean;
};

/**
 * Gifts: the catalogue, the gifts and redeem-points pages, placing orders,
 * the partner checks, and the voucher provider with its order queue.
 */
export async function setupGifts(app: App, options: GiftsModuleOptions = {}): Promise<void> {
  const now = options.now ?? Date.now;
  // The provider first: ordering and the partner check ask it.
  await setupVoucherProvider(app, { now, backgroundJobs: options.backgroundJobs === true });
  await setupOrdering(app, { now });
}
