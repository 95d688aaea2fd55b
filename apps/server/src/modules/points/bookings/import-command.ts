import { consoleOutput, main } from './import-cli.js';

/** Entry of `npm run bookings:import -- FILE` (docs/bookings.md). */
process.exitCode = await main(process.argv.slice(2), process.env, consoleOutput);
