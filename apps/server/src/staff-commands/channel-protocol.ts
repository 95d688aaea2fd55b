import { join } from 'node:path';
import { z } from 'zod';

/**
 * The local channel over which a staff command hands its work to the server
 * that owns the embedded database: a Unix domain socket in DATA_DIR (mode
 * 0600, so only the server's own user can connect; never a network port).
 * The command sends one JSON line, the request; the server answers JSON
 * lines, `{ out }` and `{ error }` as the work goes, and `{ exitCode }` last.
 */
export const socketName = 'commands.sock';

export const socketPathOf = (dataDir: string) => join(dataDir, socketName);

/** Longest socket path Linux takes (108 bytes with the final NUL). */
export const maxSocketPathBytes = 107;

/** A request is one short line: a longer one is refused unread. */
export const maxRequestBytes = 64 * 1024;

export const CommandRequest = z.object({
  command: z.string().max(100),
  args: z.array(z.string().max(4096)).max(20),
  /** Where the command was typed: files are named relative to it. */
  cwd: z.string().min(1).max(4096),
  /** The command's CONTENT_DIR: `content:load` loads the folder its caller meant. */
  contentDir: z.string().min(1).max(4096),
  /** The operating-system user who typed the command: the audit log's actor. */
  user: z.string().max(256).optional(),
});
export type CommandRequest = z.infer<typeof CommandRequest>;

export const CommandAnswer = z.union([
  z.object({ out: z.string() }),
  z.object({ error: z.string() }),
  z.object({ exitCode: z.number().int() }),
]);
export type CommandAnswer = z.infer<typeof CommandAnswer>;

/** Splits a stream of chunks into lines, calling `onLine` for each complete one. */
export function lineReader(onLine: (line: string) => void): (chunk: Buffer) => number {
  let pending = '';
  return (chunk) => {
    pending += chunk.toString('utf8');
    let end = pending.indexOf('\n');
    while (end >= 0) {
      onLine(pending.slice(0, end));
      pending = pending.slice(end + 1);
      end = pending.indexOf('\n');
    }
    return Buffer.byteLength(pending);
  };
}
