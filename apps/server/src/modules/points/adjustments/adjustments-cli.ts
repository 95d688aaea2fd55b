import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import type { StaffCommand } from '../../../staff-commands/staff-command.js';
import { streamLines } from '../bookings/queue-lines.js';
import { dayOf } from '../calendar-days.js';
import { importAdjustments } from './import-adjustments.js';

/** `npm run points:import -- FILE`: additional points and archived balances (JSON Lines). */
export const pointsImportCommand: StaffCommand = {
  name: 'points:import',
  prepare: (args, cwd, output) => {
    if (args.length !== 1 || args[0] === '') {
      output.error(
        'Usage: npm run points:import -- FILE (additional points and archives, JSON Lines)',
      );
      return 1;
    }
    const path = resolve(cwd, args[0]!);
    return async ({ db, output, now, actor }) => {
      try {
        const summary = await importAdjustments(
          db,
          streamLines(createReadStream(path)),
          dayOf(now()),
          actor,
        );
        output.out(
          `Points loaded: ${summary.credited} credited, ${summary.unchanged} already loaded, ${summary.archived} archives, ${summary.rejected.length} rejected`,
        );
        for (const { line, message } of summary.rejected) output.out(`  line ${line}: ${message}`);
        return 0;
      } catch (error) {
        output.error(
          `Points not loaded: ${error instanceof Error ? error.message : String(error)}`,
        );
        return 1;
      }
    };
  },
};
