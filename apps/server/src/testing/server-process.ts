import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * Tests of the staff commands beside a running server: the real server
 * (`src/server.ts`) and the real commands as child processes, from the
 * sources, the way `npm run dev` and `npm run agencies:link` start them.
 */
export const serverFolder = join(import.meta.dirname, '../..');
const fromSource = ['--conditions=source', '--import', 'tsx'];

/** Nothing leaks in from the caller's environment (a suite run on PostgreSQL sets DATABASE_URL). */
export function childEnvironment(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    SMTP_URL: '',
    ...env,
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export type Ran = { code: number | null; out: string; error: string };

export class ServerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  log = '';

  constructor(
    readonly port: number,
    env: Record<string, string>,
  ) {
    // Its own process group, so that a failed test leaves nothing running.
    this.child = spawn(process.execPath, [...fromSource, 'src/server.ts'], {
      cwd: serverFolder,
      env: childEnvironment({ PORT: String(port), ...env }),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  get pid(): number {
    return this.child.pid!;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Waits until the log shows `text` (or the process ends). */
  async waitFor(text: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let ended = false;
    void this.exited.then(() => (ended = true));
    while (!this.log.includes(text)) {
      if (ended || Date.now() > deadline) {
        throw new Error(`server never logged "${text}":\n${this.log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      try {
        process.kill(-this.pid, signal);
      } catch {
        // Already gone.
      }
    }
    return this.exited;
  }
}

/** Runs a staff command's entry (e.g. `src/modules/agencies/link-command.ts`) to its end. */
export function runCommand(
  entry: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<Ran> {
  const child = spawn(process.execPath, [...fromSource, entry, ...args], {
    cwd: serverFolder,
    env: childEnvironment(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let error = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (error += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, error })));
}
