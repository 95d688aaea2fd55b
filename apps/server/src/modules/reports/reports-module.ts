import { appPlugin } from '../../app-types.js';
import { removeFromPointSummaries } from '../points/point-summaries.js';
import { reportRoutes } from './report-routes.js';

export type ReportsModuleOptions = {
  /** Clock of the reports' months; injectable for tests (default Date.now). */
  now?: () => number;
};

/**
 * The staff console's reports (docs/staff-console.md#reports). The ledger
 * keeps their summaries; the purge of deleted members takes the purged
 * members' points out of them first.
 */
export const reportsModule = appPlugin<ReportsModuleOptions>(
  async (app, options) => {
    app.memberPurge.addStep((tx, agentIds) => removeFromPointSummaries(tx, agentIds));
    await app.register(reportRoutes, { now: options.now ?? Date.now });
  },
  { name: 'reports', dependencies: ['staff', 'points', 'account-links'] },
);
