import { appPlugin } from '../../app-types.js';
import { LoginLimiter } from '../limits/login-limiter.js';
import { setupStaffAccess } from './staff-access.js';
import { staffLoginRoutes } from './staff-login-routes.js';

export type StaffModuleOptions = {
  /** Clock of staff sessions and login limits; injectable for tests (default Date.now). */
  now?: () => number;
};

/**
 * The staff module: staff accounts, their two-factor login and sessions, and
 * the access checks every staff call runs (`app.requireStaff`,
 * `app.requireAdmin`, `request.staff`). The console's areas register their
 * calls after it.
 */
export const staffModule = appPlugin<StaffModuleOptions>(
  async (app, options) => {
    const now = options.now ?? Date.now;
    setupStaffAccess(app, now);
    const limiter = new LoginLimiter(app.db, app.config.loginLimits);
    await app.register(staffLoginRoutes, { limiter, now });
  },
  { name: 'staff', dependencies: ['@fastify/formbody'] },
);
