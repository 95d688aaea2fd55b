import { runStaffCommand } from '../../staff-commands/run-staff-command.js';
import { consoleOutput } from '../../staff-commands/staff-command.js';
import { agencyLinkCommand } from './link-cli.js';

/** `npm run agencies:link -- OFFICE_ID opt-in|opt-out`: prints a fresh agency link (see link-cli.ts). */
process.exitCode = await runStaffCommand(
  agencyLinkCommand,
  process.argv.slice(2),
  process.env,
  consoleOutput,
);
