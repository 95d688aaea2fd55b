import { commandConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { DataDirInUse } from '../db/data-dir-owner.js';
import { commandLineActor } from '../modules/audit/audit-log.js';
import { handOver } from './hand-over.js';
import { runJob, type CommandOutput, type StaffCommand } from './staff-command.js';

/**
 * Runs a staff command from its `npm run` entry: checks its arguments, then
 * opens the configured database and does the work there. On PostgreSQL it
 * works beside any running servers. The embedded database has one writer:
 * when a server owns DATA_DIR, the work is handed to that server; when anyone
 * else does, the command refuses (hand-over.ts). Answers the exit code.
 */
export async function runStaffCommand(
  command: StaffCommand,
  args: readonly string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
  now: () => number = Date.now,
): Promise<number> {
  // npm runs workspace scripts in the workspace folder; INIT_CWD is where the command was typed.
  const cwd = env.INIT_CWD ?? process.cwd();
  const job = await command.prepare(args, cwd, output);
  if (typeof job === 'number') return job;
  const config = commandConfig(env, (message) => output.error(message));
  if (config === undefined) return 1;
  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      owner: command.name,
    });
  } catch (error) {
    if (error instanceof DataDirInUse) {
      return handOver(
        error,
        {
          command: command.name,
          args: [...args],
          cwd,
          contentDir: config.contentDir,
          user: commandLineActor().label.slice('command-line ('.length, -1),
        },
        output,
      );
    }
    output.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  try {
    await database.migrate();
    return await runJob(job, {
      db: database.db,
      config,
      output,
      now,
      actor: commandLineActor(),
    });
  } catch (error) {
    output.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}
