import { claimsAtImport } from '../modules/claims/claims-at-import.js';
import { supplyBookingClaims } from '../modules/points/bookings/booking-claims.js';
import { consoleOutput, main } from '../modules/points/bookings/import-cli.js';

/**
 * Entry of `npm run bookings:import -- FILE` (docs/bookings.md). It sits above
 * the modules, as the app does: it hands the import the claims module's view
 * of missing-points claims, so the points module never imports claims.
 */
supplyBookingClaims(claimsAtImport);
process.exitCode = await main(process.argv.slice(2), process.env, consoleOutput);
