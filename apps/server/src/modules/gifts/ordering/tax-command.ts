import { runStaffCommand } from '../../../staff-commands/run-staff-command.js';
import { consoleOutput } from '../../../staff-commands/staff-command.js';
import { giftsTaxCommand } from './tax-cli.js';

/** `npm run gifts:tax -- NUMBER on|off` (see tax-cli.ts). */
process.exitCode = await runStaffCommand(
  giftsTaxCommand,
  process.argv.slice(2),
  process.env,
  consoleOutput,
);
