import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { commandConfig } from '../../../config.js';
import { openDatabase, type Database, type DatabaseHandle } from '../../../db/client.js';
import { dayOf } from '../calendar-days.js';
import { segmentPointsRule, type SegmentPoints } from '../segment-points.js';
import { ImportFailed, importBookings } from './import-bookings.js';
import { formatSummary } from './import-summary.js';
import { streamLines } from './queue-lines.js';

/** Where the command writes: progress and errors to `error`, the summary to `out`. */
export type CommandOutput = { out(line: string): void; error(line: string): void };

export const consoleOutput: CommandOutput = {
  out: (line) => console.log(line),
  error: (line) => console.error(line),
};

export type ImportFileOptions = {
  today: string;
  segmentPoints: SegmentPoints;
  batchSize?: number;
};

/**
 * Imports one booking-queue file, streaming it line by line, with progress
 * after every batch and the summary at the end. Answers the exit code: 0, or
 * 1 when the file cannot be read or a batch fails (the batches before it
 * stay imported; importing the file again finishes the job).
 */
export async function importFile(
  db: Database,
  path: string,
  options: ImportFileOptions,
  output: CommandOutput,
): Promise<number> {
  try {
    const lines = streamLines(createReadStream(path));
    const summary = await importBookings(db, lines, {
      ...options,
      onProgress: ({ linesDone }) => output.error(`… ${linesDone} lines done`),
    });
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

/** `npm run bookings:import -- FILE`: migrates the configured database, then imports FILE into it. */
export async function main(
  args: readonly string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
  now: () => number = Date.now,
): Promise<number> {
  if (args.length !== 1 || args[0] === '') {
    output.error('Usage: npm run bookings:import -- FILE (booking queue, JSON Lines)');
    return 1;
  }
  // npm runs workspace scripts in the workspace folder; INIT_CWD is where the command was typed.
  const path = resolve(env.INIT_CWD ?? process.cwd(), args[0]!);
  try {
    if (!(await stat(path)).isFile()) {
      output.error(`Not a file: ${args[0]}`);
      return 1;
    }
  } catch (error) {
    output.error(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    return 1;
  }
  const config = commandConfig(env, (message) => output.error(message));
  if (config === undefined) return 1;
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await database.migrate();
    return await importFile(
      database.db,
      path,
      { today: dayOf(now()), segmentPoints: segmentPointsRule(config) },
      output,
    );
  } catch (error) {
    output.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database?.close();
  }
}
