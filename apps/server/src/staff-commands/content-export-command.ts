import { runStaffCommand } from './run-staff-command.js';
import { consoleOutput } from './staff-command.js';
import { contentExportCommand } from './content-export-cli.js';

/** `npm run content:export` (see content-export-cli.ts). */
process.exitCode = await runStaffCommand(
  contentExportCommand,
  process.argv.slice(2),
  process.env,
  consoleOutput,
);
