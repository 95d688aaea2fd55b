import { appPlugin } from '../../../../app-types.js';
import { bookingsStaffRoutes } from './bookings-staff-routes.js';

export type BookingsStaffModuleOptions = {
  /** Clock, injectable for tests (default Date.now). */
  now?: () => number;
};

/** The staff console's bookings calls (docs/staff-console.md): uploads and the import history. */
export const bookingsStaffModule = appPlugin<BookingsStaffModuleOptions>(
  async (app, options) => {
    await app.register(bookingsStaffRoutes, { now: options.now ?? Date.now });
  },
  { name: 'bookings-staff', dependencies: ['staff', 'points'] },
);
