import { appPlugin } from '../../app-types.js';
import { DeviceCookies } from '../agents/device-cookies.js';
import { LoginLimiter } from '../limits/login-limiter.js';
import { setupStaffAccess } from './staff-access.js';
import { staffDeviceCookie } from './staff-login-limits.js';
import { staffLoginRoutes } from './staff-login-routes.js';

export type StaffModuleOptions = {
  /** Clock of staff sessions and login limits; injectable for tests (default Date.now). */
  now?: () => number;
};

/** Where every staff call lives. */
const staffApiPrefix = '/s2c/staff/';

/**
 * The staff module: staff accounts, their two-factor login and sessions, and
 * the access checks every staff call runs (`app.requireStaff`,
 * `app.requireAdmin`, `request.staff`). The console's areas register their
 * calls after it. Every staff answer carries `Cache-Control: no-store`: they
 * name members, orders, accounts and tokens, and no browser or proxy cache
 * may keep them.
 */
export const staffModule = appPlugin<StaffModuleOptions>(
  async (app, options) => {
    const now = options.now ?? Date.now;
    // One hook for every staff answer, errors and unknown staff paths included (a route may set its own).
    app.addHook('onRequest', function staffNoStore(request, reply, done) {
      if (request.url.startsWith(staffApiPrefix)) void reply.header('cache-control', 'no-store');
      done();
    });
    setupStaffAccess(app, now);
    const limiter = new LoginLimiter(app.db, app.config.loginLimits);
    const deviceCookies = new DeviceCookies(app.db, {
      configuredSecret: app.config.deviceCookieSecret,
      production: app.config.production,
      kind: staffDeviceCookie,
    });
    await app.register(staffLoginRoutes, { limiter, deviceCookies, now });
  },
  { name: 'staff', dependencies: ['@fastify/formbody'] },
);
