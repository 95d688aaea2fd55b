import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { commandConfig } from '../../../config.js';
import { openDatabase } from '../../../db/client.js';
import { streamLines } from '../bookings/queue-lines.js';
import { dayOf } from '../calendar-days.js';
import { importAdjustments } from './import-adjustments.js';

/** `npm run points:import -- FILE`: additional points and archived balances (JSON Lines). */
async function main(args: readonly string[]): Promise<number> {
  if (args.length !== 1 || args[0] === '') {
    console.error(
      'Usage: npm run points:import -- FILE (additional points and archives, JSON Lines)',
    );
    return 1;
  }
  const config = commandConfig();
  if (config === undefined) return 1;
  // npm runs workspace scripts in the workspace folder; INIT_CWD is where the command was typed.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const summary = await importAdjustments(
      database.db,
      streamLines(createReadStream(path)),
      dayOf(Date.now()),
    );
    console.log(
      `Points loaded: ${summary.credited} credited, ${summary.unchanged} already loaded, ${summary.archived} archives, ${summary.rejected.length} rejected`,
    );
    for (const { line, message } of summary.rejected) console.log(`  line ${line}: ${message}`);
    return 0;
  } catch (error) {
    console.error(`Points not loaded: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
