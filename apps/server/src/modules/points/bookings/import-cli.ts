import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { Database } from '../../../db/client.js';
import { runStaffCommand } from '../../../staff-commands/run-staff-command.js';
import type { CommandOutput, StaffCommand } from '../../../staff-commands/staff-command.js';
import { dayOf } from '../calendar-days.js';
import { seedBaseRules } from '../../earning-rules/rule-book.js';
import { countries } from '../../content/schema.js';
import { commandLineActor, type AuditActor } from '../../audit/audit-log.js';
import { ImportFailed } from './import-bookings.js';
import { importBookingsRecorded } from './import-history.js';
import { formatSummary } from './import-summary.js';
import { streamLines } from './queue-lines.js';

export type { CommandOutput } from '../../../staff-commands/staff-command.js';
export { consoleOutput } from '../../../staff-commands/staff-command.js';

export type ImportFileOptions = {
  today: string;
  batchSize?: number;
  /** Who runs the import, for its history and the audit log (default: this command-line user). */
  actor?: AuditActor;
  now?: () => number;
};

/**
 * Imports one booking-queue file, streaming it line by line, with progress
 * after every batch and the summary at the end. Answers the exit code: 0, or
 * 1 when the file cannot be read or a batch fails (the batches before it
 * stay imported; importing the file again finishes the job). The import is
 * recorded in the import history (`booking_imports`) and the audit log.
 */
export async function importFile(
  db: Database,
  path: string,
  options: ImportFileOptions,
  output: CommandOutput,
): Promise<number> {
  try {
    const { actor = commandLineActor(), now = Date.now, ...importOptions } = options;
    const lines = streamLines(createReadStream(path));
    const { summary } = await importBookingsRecorded(
      db,
      lines,
      {
        ...importOptions,
        onProgress: ({ linesDone }) => output.error(`… ${linesDone} lines done`),
      },
      { actor, source: 'command-line', fileName: basename(path), now },
    );
    for (const line of formatSummary(summary)) output.out(line);
    return 0;
  } catch (error) {
    if (!(error instanceof ImportFailed)) throw error;
    output.error(error.message);
    output.error('Imported before the failure:');
    for (const line of formatSummary(error.summary)) output.error(line);
    return 1;
  }
}

/** `npm run bookings:import -- FILE`: imports FILE into the configured database (or hands it to the server). */
export const bookingsImportCommand: StaffCommand = {
  name: 'bookings:import',
  prepare: async (args, cwd, output) => {
    if (args.length !== 1 || args[0] === '') {
      output.error('Usage: npm run bookings:import -- FILE (booking queue, JSON Lines)');
      return 1;
    }
    const path = resolve(cwd, args[0]!);
    try {
      if (!(await stat(path)).isFile()) {
        output.error(`Not a file: ${args[0]}`);
        return 1;
      }
    } catch (error) {
      output.error(
        `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      );
      return 1;
    }
    return async ({ db, config, output, now, actor }) => {
      try {
        // A database no server started yet gets its base rules first (as a first start).
        const codes = await db.select({ code: countries.code }).from(countries);
        await seedBaseRules(
          db,
          config.points.segmentPointsByCountry,
          codes.map((row) => row.code),
        );
        return await importFile(db, path, { today: dayOf(now()), actor, now }, output);
      } catch (error) {
        output.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
        return 1;
      }
    };
  },
};

/** Entry of `npm run bookings:import -- FILE`: answers the exit code. */
export function main(
  args: readonly string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
  now: () => number = Date.now,
): Promise<number> {
  return runStaffCommand(bookingsImportCommand, args, env, output, now);
}
