import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A built server of its own, on a fresh embedded database and a copy of the
 * demo content that a journey may change: publishing new terms or turning an
 * office to direct sales changes every member of a country, which the shared
 * server's other journeys (running in parallel) must not meet. Staff commands
 * reach it as they reach any running server: through its DATA_DIR's socket.
 */
export class OwnServer {
  readonly contentDir: string;
  private readonly root: string;
  private readonly dataDir: string;
  private process: ChildProcess | undefined;
  private port = 0;

  /** `extraEnv`: settings of this server beyond the defaults (the booking queue's key). */
  constructor(private readonly extraEnv: Record<string, string> = {}) {
    this.root = mkdtempSync(join(tmpdir(), 'club-e2e-own-'));
    this.contentDir = join(this.root, 'content');
    this.dataDir = join(this.root, 'data');
    cpSync('content', this.contentDir, { recursive: true });
  }

  /** A path on a country's subdomain of this server. */
  url(countryCode: string, path = '/'): string {
    return `http://${countryCode}.${this.rootDomain}:${this.port}${path}`;
  }

  /** A path on the root domain of this server (the staff console: `/staff/`). */
  rootUrl(path = '/'): string {
    return `http://${this.rootDomain}:${this.port}${path}`;
  }

  /** `localhost`, or the server's `PUBLIC_ROOT_DOMAIN` (which the browser must map to this machine). */
  private get rootDomain(): string {
    return this.extraEnv.PUBLIC_ROOT_DOMAIN ?? 'localhost';
  }

  async start(): Promise<void> {
    this.port = await freePort();
    const env: Record<string, string | undefined> = { ...process.env };
    delete env.DATABASE_URL;
    this.process = spawn(process.execPath, ['apps/server/dist/server.js'], {
      stdio: 'ignore',
      env: {
        ...env,
        ...this.env(),
        ...this.extraEnv,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
    });
    const deadline = Date.now() + 90_000;
    // Up once it takes staff commands: its socket is there after it listens.
    while (!existsSync(join(this.dataDir, 'commands.sock'))) {
      if (Date.now() > deadline) throw new Error('the own server did not start');
      if (this.process.exitCode !== null) throw new Error('the own server stopped');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async stop(): Promise<void> {
    const running = this.process;
    if (running !== undefined && running.exitCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    }
    rmSync(this.root, { recursive: true, force: true });
  }

  /** Edits a JSON file of the content copy (`countries/gr/country.json`, `offices/at.json`). */
  editContent(path: string, edit: (file: Record<string, unknown>) => void): void {
    const file = join(this.contentDir, path);
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    edit(json);
    writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  }

  /** Runs a built staff command (`staff-commands/content-load-command.js`); fails unless it succeeds. */
  runCommand(entry: string, args: string[] = []): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        [join('apps/server/dist', entry), ...args],
        { env: { ...process.env, DATABASE_URL: '', ...this.env() } },
        (error, stdout, stderr) => {
          if (error) reject(new Error(`${entry} failed: ${stderr}`));
          else resolve(stdout);
        },
      );
    });
  }

  private env() {
    return { DATA_DIR: this.dataDir, CONTENT_DIR: this.contentDir };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
