import { chmodSync, unlinkSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { commandLineActor } from '../modules/audit/audit-log.js';
import type { Database } from '../db/client.js';
import {
  CommandRequest,
  lineReader,
  maxRequestBytes,
  maxSocketPathBytes,
  socketPathOf,
  type CommandAnswer,
} from './channel-protocol.js';
import { runJob, type CommandOutput, type StaffCommand } from './staff-command.js';
import { staffCommands } from './staff-commands.js';

export type CommandChannel = { path: string; close(): Promise<void> };

export type ChannelOptions = {
  dataDir: string;
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  commands?: readonly StaffCommand[];
};

/**
 * The server's side of the local channel (channel-protocol.ts): runs the staff
 * commands handed to it on its own database, as its HTTP requests do, so that
 * the embedded database keeps one writer. Undefined when the socket cannot be
 * made (logged): the commands then refuse with a message instead.
 */
export async function serveStaffCommands(
  options: ChannelOptions,
): Promise<CommandChannel | undefined> {
  const path = socketPathOf(options.dataDir);
  if (Buffer.byteLength(path) > maxSocketPathBytes) {
    options.log.warn(
      { path },
      'DATA_DIR is too long a path for the staff commands socket: staff commands refuse while the server runs',
    );
    return undefined;
  }
  const byName = new Map((options.commands ?? staffCommands).map((c) => [c.name, c]));
  const running = new Set<Promise<void>>();
  // Connections that have not sent their request yet: closing drops them.
  const waiting = new Set<Socket>();
  const server = createServer((socket) => {
    socket.on('error', () => socket.destroy());
    waiting.add(socket);
    const request = readRequest(socket);
    void request.finally(() => waiting.delete(socket));
    const work = serve(socket, request, byName, options).catch((error: unknown) =>
      options.log.error({ err: error }, 'staff command channel failed'),
    );
    running.add(work);
    void work.finally(() => running.delete(work));
  });
  // The server owns DATA_DIR: a socket file there is a dead server's.
  removeSocket(path);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ path, readableAll: false, writableAll: false }, () => resolve());
    });
    chmodSync(path, 0o600);
  } catch (error) {
    options.log.warn(
      { err: error, path },
      'staff commands socket not opened: staff commands refuse',
    );
    server.close();
    return undefined;
  }
  options.log.info({ path }, 'staff commands are handed to this server');
  return {
    path,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Commands in hand finish before the database closes; no new ones are taken.
      for (const socket of waiting) socket.destroy();
      await Promise.all(running);
      await closed;
      removeSocket(path);
    },
  };
}

async function serve(
  socket: Socket,
  requested: Promise<unknown>,
  commands: Map<string, StaffCommand>,
  options: ChannelOptions,
): Promise<void> {
  const request = await requested;
  const send = (answer: CommandAnswer) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(answer)}\n`);
  };
  const output: CommandOutput = {
    out: (line) => send({ out: line }),
    error: (line) => send({ error: line }),
  };
  const finish = (exitCode: number) => {
    send({ exitCode });
    socket.end();
  };
  const parsed = CommandRequest.safeParse(request);
  if (!parsed.success) {
    output.error('Not a staff command request.');
    return finish(2);
  }
  const { command: name, args, cwd, contentDir, user } = parsed.data;
  const command = commands.get(name);
  if (command === undefined) {
    output.error(`No staff command ${name}.`);
    return finish(2);
  }
  const started = Date.now();
  options.log.info({ command: name, args }, 'staff command handed over');
  let exitCode: number;
  try {
    const job = await command.prepare(args, cwd, output);
    exitCode =
      typeof job === 'number'
        ? job
        : await runJob(job, {
            db: options.db,
            config: { ...options.config, contentDir },
            output,
            now: Date.now,
            actor: commandLineActor(user ?? 'unknown'),
          });
  } catch (error) {
    output.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    exitCode = 1;
  }
  options.log.info({ command: name, exitCode, ms: Date.now() - started }, 'staff command finished');
  finish(exitCode);
}

/** A caller that connects and says nothing holds nothing for long. */
const requestTimeoutMs = 30_000;

/** The request line, parsed; undefined when it is too long, late, not JSON, or the caller left. */
function readRequest(socket: Socket): Promise<unknown> {
  return new Promise((resolve) => {
    let done = false;
    const settle = (value: unknown) => {
      if (done) return;
      done = true;
      socket.off('data', onData);
      socket.setTimeout(0);
      resolve(value);
    };
    socket.setTimeout(requestTimeoutMs, () => settle(undefined));
    const read = lineReader((line) => {
      try {
        settle(JSON.parse(line));
      } catch {
        settle(undefined);
      }
    });
    const onData = (chunk: Buffer) => {
      if (read(chunk) > maxRequestBytes) settle(undefined);
    };
    socket.on('data', onData);
    socket.once('end', () => settle(undefined));
    socket.once('close', () => settle(undefined));
  });
}

function removeSocket(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
