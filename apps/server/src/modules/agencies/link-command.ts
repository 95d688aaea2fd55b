import { commandConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { runLinkCommand } from './link-cli.js';

/** `npm run agencies:link -- OFFICE_ID opt-in|opt-out`: prints a fresh agency link (see link-cli.ts). */
async function main(args: string[]): Promise<number> {
  const config = commandConfig();
  if (config === undefined) return 1;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    return await runLinkCommand(database.db, args, config, console);
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
