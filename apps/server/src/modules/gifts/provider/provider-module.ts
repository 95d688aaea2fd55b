import type { App } from '../../../app.js';

/** The voucher provider and the order queue's worker (to be built). */
export async function setupVoucherProvider(
  _app: App,
  _options: { now: () => number; backgroundJobs: boolean },
): Promise<void> {}
