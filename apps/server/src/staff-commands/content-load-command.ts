import { runStaffCommand } from './run-staff-command.js';
import { consoleOutput } from './staff-command.js';
import { contentLoadCommand } from './content-load-cli.js';

/** `npm run content:load` (see content-load-cli.ts). */
process.exitCode = await runStaffCommand(
  contentLoadCommand,
  process.argv.slice(2),
  process.env,
  consoleOutput,
);
