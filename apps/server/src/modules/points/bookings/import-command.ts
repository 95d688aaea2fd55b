import { claimsAtImport } from '../../claims/claims-at-import.js';
import { supplyBookingClaims } from './booking-claims.js';
import { consoleOutput, main } from './import-cli.js';

/** Entry of `npm run bookings:import -- FILE` (docs/bookings.md). */
// The entry assembles what the import consults, as the app does when the claims module registers.
supplyBookingClaims(claimsAtImport);
process.exitCode = await main(process.argv.slice(2), process.env, consoleOutput);
