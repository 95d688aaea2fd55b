import { runStaffCommand } from '../../staff-commands/run-staff-command.js';
import { consoleOutput } from '../../staff-commands/staff-command.js';
import { staffAddCommand } from './staff-add-cli.js';

/** `npm run staff:add -- EMAIL ROLE [COUNTRIES]` (see staff-add-cli.ts). */
process.exitCode = await runStaffCommand(
  staffAddCommand,
  process.argv.slice(2),
  process.env,
  consoleOutput,
);
