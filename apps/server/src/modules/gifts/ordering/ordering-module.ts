import type { App } from '../../../app.js';
import { registerGiftsPages } from './gifts-pages.js';
import { partnerRoutes } from './partner-routes.js';

/**
 * The catalogue pages (gifts, redeem-points), placing orders and the partner
 * checks (docs/gifts.md).
 */
export async function setupOrdering(app: App, options: { now: () => number }): Promise<void> {
  registerGiftsPages(app, options);
  await app.register(partnerRoutes);
}
