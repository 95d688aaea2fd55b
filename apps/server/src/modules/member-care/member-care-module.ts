import { appPlugin } from '../../app-types.js';
import { bulkAdjustmentsRoutes } from './bulk-adjustments-routes.js';
import { memberCareRoutes } from './member-care-routes.js';

export type MemberCareModuleOptions = {
  /** Clock of the member view's status report and of adjustments; injectable for tests (default Date.now). */
  now?: () => number;
};

/**
 * Member care: the staff's view of members (search, the single member view,
 * point adjustments, one by one or from a file, and the member export). It sits above agents, points, gifts and mail, whose
 * tables and services it reads, and below nothing.
 */
export const memberCareModule = appPlugin<MemberCareModuleOptions>(
  async (app, options) => {
    await app.register(memberCareRoutes, { now: options.now ?? Date.now });
    await app.register(bulkAdjustmentsRoutes, { now: options.now ?? Date.now });
  },
  { name: 'member-care', dependencies: ['staff', 'points', 'gifts', 'mail'] },
);
