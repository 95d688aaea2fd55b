import { appPlugin } from '../../app-types.js';
import { earningRulesStaffRoutes } from './earning-rules-staff-routes.js';

export type EarningRulesStaffModuleOptions = {
  /** Clock of the changes and the simulator's today; injectable for tests (default Date.now). */
  now?: () => number;
};

/**
 * The console's earning rules: list, publish, end, simulate. It sits above
 * points, staff, audit and content; the rules themselves (table, rule book)
 * sit below points, which applies them in the import and the points clock.
 */
export const earningRulesStaffModule = appPlugin<EarningRulesStaffModuleOptions>(
  async (app, options) => {
    await app.register(earningRulesStaffRoutes, { now: options.now ?? Date.now });
  },
  { name: 'earning-rules-staff', dependencies: ['staff', 'points', 'content'] },
);
