import { appPlugin } from '../../../app-types.js';
import { bulkFulfilmentRoutes } from './bulk-fulfilment-routes.js';
import { giftCategoriesRoutes } from './gift-categories-routes.js';
import { giftsRoutes } from './gifts-routes.js';
import { ordersRoutes } from './orders-routes.js';
import { taxDetailsStaffRoutes } from './tax-details-routes.js';

export type StaffGiftsModuleOptions = {
  /** Clock, injectable for tests (default Date.now). */
  now?: () => number;
};

/**
 * The staff console's orders and gifts calls (`/s2c/staff/v1/orders…`,
 * `/s2c/staff/v1/gifts…`), on the gifts module's services and the staff
 * module's access checks.
 */
export const staffGiftsModule = appPlugin<StaffGiftsModuleOptions>(
  async (app, options) => {
    const now = options.now ?? Date.now;
    await app.register(ordersRoutes, { now });
    await app.register(bulkFulfilmentRoutes, { now });
    await app.register(giftsRoutes, { now });
    await app.register(giftCategoriesRoutes, { now });
    await app.register(taxDetailsStaffRoutes, { now });
  },
  { name: 'staff-gifts', dependencies: ['staff', 'gifts'] },
);
