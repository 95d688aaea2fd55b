import { appPlugin } from '../../app-types.js';
import { reportRoutes } from './report-routes.js';

export type ReportsModuleOptions = {
  /** Clock of the reports' months; injectable for tests (default Date.now). */
  now?: () => number;
};

/**
 * The staff console's reports (docs/staff-console.md#reports). The ledger
 * keeps their summaries; the purge of deleted members keeps the books they
 * sum (docs/decisions/037), so a report reads the same before and after.
 */
export const reportsModule = appPlugin<ReportsModuleOptions>(
  async (app, options) => {
    await app.register(reportRoutes, { now: options.now ?? Date.now });
  },
  { name: 'reports', dependencies: ['staff', 'points'] },
);
