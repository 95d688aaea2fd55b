import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { AuditActor } from '../modules/audit/audit-log.js';

/** Where a staff command writes: results to `out` (stdout), progress and problems to `error` (stderr). */
export type CommandOutput = { out(line: string): void; error(line: string): void };

export const consoleOutput: CommandOutput = {
  out: (line) => console.log(line),
  error: (line) => console.error(line),
};

/** What a command's work runs with: in the command's own process, or in the server it hands over to. */
export type CommandContext = {
  db: Database;
  config: Config;
  output: CommandOutput;
  now: () => number;
  /** Who runs the command, as the audit log names them: `command-line (user)`. */
  actor: AuditActor;
};

/** The work of one run of a command, on a database; answers the exit code. */
export type CommandJob = (context: CommandContext) => Promise<number>;

/**
 * A staff command (`npm run agencies:link`, …). `prepare` checks the arguments
 * before any database is opened and answers the job, or the exit code after
 * telling what is wrong; `cwd` is where the command was typed (files are
 * named relative to it).
 */
export type StaffCommand = {
  name: string;
  prepare(
    args: readonly string[],
    cwd: string,
    output: CommandOutput,
  ): CommandJob | number | Promise<CommandJob | number>;
};

/** Runs a job; an unexpected error becomes a message and exit code 1, never a crash. */
export async function runJob(job: CommandJob, context: CommandContext): Promise<number> {
  try {
    return await job(context);
  } catch (error) {
    context.output.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
