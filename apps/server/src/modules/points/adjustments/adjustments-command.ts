import { runStaffCommand } from '../../../staff-commands/run-staff-command.js';
import { consoleOutput } from '../../../staff-commands/staff-command.js';
import { pointsImportCommand } from './adjustments-cli.js';

/** `npm run points:import -- FILE` (see adjustments-cli.ts). */
process.exitCode = await runStaffCommand(
  pointsImportCommand,
  process.argv.slice(2),
  process.env,
  consoleOutput,
);
