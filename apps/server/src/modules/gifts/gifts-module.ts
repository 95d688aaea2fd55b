import { appPlugin } from '../../app-types.js';
import { registerGiftsPages } from './ordering/gifts-pages.js';
import { partnerRoutes } from './ordering/partner-routes.js';
import { giftNamesIn, orderedGifts } from './ordering/ordered-gifts.js';
import {
  orderingRulesColumn,
  orderingRulesReader,
  orderingWindow,
  orderingWindowOfColumn,
} from './ordering/ordering-rules.js';
import { pointsUsedOnGifts } from './ordering/points-used.js';
import { setupVoucherProvider } from './provider/provider-module.js';
import { taxDetailsRoutes } from './tax-details/tax-details-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Whether the voucher order partner is off (ORDER_PARTNER_OFF, or the
     * provider's last availability check said no): ordering shows
     * maintenance, and the status report says `edenredIsOff`.
     */
    orderPartner: { isOff: () => boolean };
  }
}

export type GiftsModuleOptions = {
  /** Clock, injectable for tests (default Date.now). */
  now?: () => number;
};

/**
 * Gifts: the catalogue, the gifts and redeem-points pages, placing orders,
 * the partner checks, and the voucher provider with its order queue.
 * It spends points through the points module's ledger and tells points
 * about orders through `app.giftsForPoints`.
 */
export const giftsModule = appPlugin<GiftsModuleOptions>(
  async (app, options) => {
    const now = options.now ?? Date.now;
    // The provider first: ordering and the partner check ask it.
    const worker = setupVoucherProvider(app, { now });
    app.decorate('orderPartner', {
      isOff: () => app.config.gifts.orderPartnerOff || !worker.lastKnownAvailable,
    });
    const rulesOfCountry = orderingRulesReader(app.db);
    app.giftsForPoints.supply({
      orderPartnerOff: () => app.orderPartner.isOff(),
      pointsUsed: (agentId) => pointsUsedOnGifts(app.db, agentId),
      orders: (agentId, languageCode) => orderedGifts(app.db, agentId, languageCode),
      giftNames: (giftIds, languageCode) => giftNamesIn(app.db, giftIds, languageCode),
      orderingWindow: async (countryCode, today) =>
        orderingWindow(await rulesOfCountry(countryCode), today),
      orderingWindowColumn: () => ({
        column: orderingRulesColumn,
        windowOf: orderingWindowOfColumn,
      }),
    });
    registerGiftsPages(app, { now });
    await app.register(partnerRoutes);
    await app.register(taxDetailsRoutes, { now });
  },
  { name: 'gifts', dependencies: ['background-jobs', 'content', 'agents', 'points'] },
);
