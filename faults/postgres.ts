/**
 * A throwaway PostgreSQL 15 cluster of the fault suite's own: a temporary
 * data folder, its own port, `fsync=off`. Run as the `postgres` user when the
 * suite runs as root (initdb refuses root). It can be stopped and started
 * (a restart or a crash of the database) and frozen with SIGSTOP (a database
 * that hangs: connections are accepted by the kernel but nothing answers).
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { onExit } from './support.ts';

const run = promisify(execFile);
const binaries = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

/** The command line that runs a PostgreSQL binary as the user that owns the cluster. */
function asOwner(binary: string, args: string[]): [string, string[]] {
  const path = join(binaries, binary);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

export class Postgres {
  private frozen: number[] = [];

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  /** Creates the cluster (initdb) and starts it; it is stopped and removed when the suite exits. */
  static async create(port: number): Promise<Postgres> {
    const dir = mkdtempSync(join(tmpdir(), 'club-faults-pg-'));
    const postgres = new Postgres(dir, port);
    onExit(`PostgreSQL in ${dir}`, () => postgres.destroySync());
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
    }
    chmodSync(dir, 0o700);
    const [command, args] = asOwner('initdb', [
      '-D',
      dir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    await run(command, args);
    await postgres.start();
    return postgres;
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = [
      `-p ${this.port}`,
      `-k ${this.dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    const [command, args] = asOwner('pg_ctl', [
      '-D',
      this.dir,
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ]);
    await run(command, args);
  }

  /** Whether the server runs (`pg_ctl status`); thawed and started again if not, after a scenario broke off. */
  async ensureRunning(): Promise<void> {
    this.thaw();
    const [command, args] = asOwner('pg_ctl', ['-D', this.dir, 'status']);
    const running = await run(command, args).then(
      () => true,
      () => false,
    );
    if (!running) await this.start();
  }

  /** Stops the server: `fast` ends sessions cleanly, `immediate` is a crash (recovery at the next start). */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    const [command, args] = asOwner('pg_ctl', ['-D', this.dir, '-m', mode, '-w', 'stop']);
    await run(command, args);
  }

  /** The postmaster and its backends, stopped with SIGSTOP: the database hangs. */
  async freeze(): Promise<number> {
    const postmaster = Number(
      readFileSync(join(this.dir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(postmaster)]);
    const children = stdout
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
    this.frozen = [postmaster, ...children];
    for (const pid of this.frozen) process.kill(pid, 'SIGSTOP');
    return this.frozen.length;
  }

  thaw(): void {
    for (const pid of this.frozen) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // gone
      }
    }
    this.frozen = [];
  }

  /** One statement on the maintenance database (create or drop a database). */
  async admin(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.url('postgres') });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  /** Stops the cluster whatever its state and removes its folder (at exit). */
  private destroySync(): void {
    this.thaw();
    const [command, args] = asOwner('pg_ctl', ['-D', this.dir, '-m', 'immediate', '-w', 'stop']);
    spawnSync(command, args, { stdio: 'ignore' });
    rmSync(this.dir, { recursive: true, force: true });
  }
}
