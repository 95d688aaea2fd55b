import { runStaffCommand } from '../../staff-commands/run-staff-command.js';
import { consoleOutput } from '../../staff-commands/staff-command.js';
import { contentLoadCommand } from './load-cli.js';

/** `npm run content:load` (see load-cli.ts). */
process.exitCode = await runStaffCommand(
  contentLoadCommand,
  process.argv.slice(2),
  process.env,
  consoleOutput,
);
