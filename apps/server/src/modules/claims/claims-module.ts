import { appPlugin } from '../../app-types.js';
import { supplyBookingClaims } from '../points/bookings/booking-claims.js';
import { claimsAtImport } from './claims-at-import.js';
import { claimsRoutes } from './claims-routes.js';
import { claimsStaffRoutes } from './claims-staff-routes.js';

export type ClaimsModuleOptions = {
  /** Clock of filing and decisions; injectable for tests (default Date.now). */
  now?: () => number;
};

/**
 * Missing-points claims: members file them from the points page, staff
 * decide them in the console (a credit through the ledger, or a reason),
 * and the booking import closes them when the booking arrives and earns.
 * It sits above points, staff, mail and content, whose services it uses;
 * the import learns of claims through the port it supplies here.
 */
export const claimsModule = appPlugin<ClaimsModuleOptions>(
  async (app, options) => {
    const now = options.now ?? Date.now;
    supplyBookingClaims(claimsAtImport);
    await app.register(claimsRoutes, { now });
    await app.register(claimsStaffRoutes, { now });
  },
  { name: 'claims', dependencies: ['staff', 'points', 'mail', 'agents'] },
);
