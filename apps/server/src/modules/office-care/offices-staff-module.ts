import { appPlugin } from '../../app-types.js';
import { officesStaffRoutes } from './offices-staff-routes.js';

export type OfficesStaffModuleOptions = {
  /** Clock, injectable for tests (default Date.now). */
  now?: () => number;
};

/** The staff console's offices calls (docs/staff-console.md): search, office pages, links, directory uploads. */
export const officesStaffModule = appPlugin<OfficesStaffModuleOptions>(
  async (app, options) => {
    await app.register(officesStaffRoutes, { now: options.now ?? Date.now });
  },
  { name: 'offices-staff', dependencies: ['staff', 'offices', 'agencies', 'agents'] },
);
