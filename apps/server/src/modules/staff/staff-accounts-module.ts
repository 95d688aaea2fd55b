import { appPlugin } from '../../app-types.js';
import { RequestLimiter } from '../limits/login-limiter.js';
import { auditRoutes } from './audit-routes.js';
import { setupRoutes } from './setup-routes.js';
import { staffAdminRoutes } from './staff-admin-routes.js';

export type StaffAccountsModuleOptions = {
  /** Clock of setup links and audit entries; injectable for tests (default Date.now). */
  now?: () => number;
};

/**
 * Staff accounts and the audit log (docs/staff-console.md): setup links,
 * admins' management of staff accounts, and every staff member's view of the
 * audit log.
 */
export const staffAccountsModule = appPlugin<StaffAccountsModuleOptions>(
  async (app, options) => {
    const now = options.now ?? Date.now;
    const limiter = new RequestLimiter(app.db, app.config.loginLimits);
    await app.register(setupRoutes, { limiter, now });
    await app.register(staffAdminRoutes, { now });
    await app.register(auditRoutes, { now });
  },
  { name: 'staff-accounts', dependencies: ['staff'] },
);
