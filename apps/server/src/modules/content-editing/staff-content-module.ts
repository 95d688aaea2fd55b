import { appPlugin } from '../../app-types.js';
import { staffContentRoutes } from './staff-content-routes.js';

export type StaffContentModuleOptions = {
  /** Clock of the audit entries and staff edits; injectable for tests (default Date.now). */
  now?: () => number;
};

/** The staff console's content area: reading and publishing content per country and language. */
export const staffContentModule = appPlugin<StaffContentModuleOptions>(
  async (app, options) => {
    await app.register(staffContentRoutes, { now: options.now ?? Date.now });
  },
  { name: 'staff-content', dependencies: ['staff', 'content'] },
);
