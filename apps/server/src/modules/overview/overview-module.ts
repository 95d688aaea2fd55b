import { appPlugin } from '../../app-types.js';
import { overviewRoutes } from './overview-routes.js';

export type OverviewModuleOptions = {
  /** Clock of the failed orders' window; injectable for tests (default Date.now). */
  now?: () => number;
};

/**
 * The console's Overview (docs/staff-console.md#overview): counts of what is
 * waiting, read from the orders, tax details, booking imports and gifts.
 */
export const overviewModule = appPlugin<OverviewModuleOptions>(
  async (app, options) => {
    await app.register(overviewRoutes, { now: options.now ?? Date.now });
  },
  { name: 'overview', dependencies: ['staff', 'points', 'gifts'] },
);
