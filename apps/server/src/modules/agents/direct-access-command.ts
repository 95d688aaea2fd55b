import { runStaffCommand } from '../../staff-commands/run-staff-command.js';
import { consoleOutput } from '../../staff-commands/staff-command.js';
import { directAccessCommand } from './direct-access-cli.js';

/** `npm run members:direct-access -- NUMBER [--off]` (see direct-access-cli.ts). */
process.exitCode = await runStaffCommand(
  directAccessCommand,
  process.argv.slice(2),
  process.env,
  consoleOutput,
);
