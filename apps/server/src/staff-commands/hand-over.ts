import { connect } from 'node:net';
import { describeOwner, type DataDirInUse } from '../db/data-dir-owner.js';
import {
  CommandAnswer,
  lineReader,
  socketPathOf,
  type CommandRequest,
} from './channel-protocol.js';
import type { CommandOutput } from './staff-command.js';

/**
 * A staff command found the embedded database owned by another process. The
 * server takes the command over its local channel: its answer is printed and
 * its exit code returned. Anyone else (a server still starting, another
 * command) means a refusal at once, naming the owner and what to do: the
 * command never writes beside it.
 */
export async function handOver(
  inUse: DataDirInUse,
  request: CommandRequest,
  output: CommandOutput,
): Promise<number> {
  const { owner } = inUse;
  const socket = owner.role === 'server' ? await connectTo(socketPathOf(inUse.dataDir)) : undefined;
  if (socket === undefined) {
    output.error(
      owner.role === 'server'
        ? `${inUse.message} The server does not take staff commands now (starting or stopping): run the command again once it is up, or stop it (kill ${owner.pid}) and run the command again.`
        : `${inUse.message} Wait until ${describeOwner(owner)} has finished, then run the command again.`,
    );
    return 1;
  }
  output.error(`Handed over to ${describeOwner(owner)}, which holds the embedded database.`);
  return new Promise<number>((resolve) => {
    let exitCode: number | undefined;
    const read = lineReader((line) => {
      let answer: CommandAnswer;
      try {
        answer = CommandAnswer.parse(JSON.parse(line));
      } catch {
        return;
      }
      if ('out' in answer) output.out(answer.out);
      else if ('error' in answer) output.error(answer.error);
      else exitCode = answer.exitCode;
    });
    socket.on('data', read);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      if (exitCode === undefined) {
        output.error(
          `${describeOwner(owner)} stopped answering before the command finished: see its log for what was done.`,
        );
      }
      resolve(exitCode ?? 1);
    });
    socket.write(`${JSON.stringify(request)}\n`);
  });
}

function connectTo(path: string): Promise<ReturnType<typeof connect> | undefined> {
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.off('error', fail);
      resolve(socket);
    });
    const fail = () => {
      socket.destroy();
      resolve(undefined);
    };
    socket.once('error', fail);
  });
}
