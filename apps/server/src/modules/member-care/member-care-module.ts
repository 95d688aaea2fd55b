import { appPlugin } from '../../app-types.js';
import { memberCareRoutes } from './member-care-routes.js';

export type MemberCareModuleOptions = {
  /** Clock of the member view's status report and of adjustments; injectable for tests (default Date.now). */
  now?: () => number;
};

/**
 * Member care: the staff's view of members (search, the single member view,
 * point adjustments). It sits above agents, points, gifts and mail, whose
 * tables and services it reads, and below nothing.
 */
export const memberCareModule = appPlugin<MemberCareModuleOptions>(
  async (app, options) => {
    await app.register(memberCareRoutes, { now: options.now ?? Date.now });
  },
  { name: 'member-care', dependencies: ['staff', 'points', 'gifts', 'mail'] },
);
