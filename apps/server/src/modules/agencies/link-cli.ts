import type { Database } from '../../db/client.js';
import type { LinkSettings } from '../content/member-page-urls.js';
import { commandLineActor, type AuditActor } from '../audit/audit-log.js';
import type { CommandOutput, StaffCommand } from '../../staff-commands/staff-command.js';
import { issueAgencyLinkByHand } from './agency-links.js';

export const linkCommandUsage = 'Usage: npm run agencies:link -- OFFICE_ID opt-in|opt-out';

/**
 * `npm run agencies:link -- OFFICE_ID opt-in|opt-out`: programme staff get a
 * fresh single-use link for an office, to hand to its decision maker, made
 * and audited by the same service as the console's (`issueAgencyLinkByHand`).
 * Returns the exit code.
 */
export async function runLinkCommand(
  db: Database,
  args: string[],
  settings: LinkSettings & { agencyLinkDays: number },
  output: CommandOutput,
  now: number = Date.now(),
  actor: AuditActor = commandLineActor(),
): Promise<number> {
  const [rawId, purpose] = args;
  const officeId = rawId?.trim().toUpperCase();
  if (
    officeId === undefined ||
    !/^[A-Z0-9]{1,20}$/.test(officeId) ||
    (purpose !== 'opt-in' && purpose !== 'opt-out')
  ) {
    output.error(linkCommandUsage);
    return 2;
  }
  const link = await issueAgencyLinkByHand(db, officeId, purpose, {
    actor,
    now,
    lifetimeDays: settings.agencyLinkDays,
    settings,
  });
  if (link === null) {
    output.error(`No office with ID ${officeId}`);
    return 1;
  }
  output.out(link.url);
  return 0;
}

export const agencyLinkCommand: StaffCommand = {
  name: 'agencies:link',
  prepare: (args) => (context) =>
    runLinkCommand(
      context.db,
      [...args],
      context.config,
      context.output,
      context.now(),
      context.actor,
    ),
};
