import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangingClient } from './testing/hanging-client.js';
import { fixtureContentDir } from './testing/test-app.js';
import { createEmptyServerDatabase, serverUrl } from './testing/test-database.js';

/**
 * The real server process on loopback (`src/server.ts`), stopped by SIGTERM
 * while a client holds a request open.
 */
const serverFolder = fileURLToPath(new URL('..', import.meta.url));
const graceMs = 1500;

let dataDir: string;
let database: { url: string; drop(): Promise<void> } | undefined;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'club-shutdown-'));
  database = serverUrl === undefined ? undefined : await createEmptyServerDatabase();
});
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

type Started = { child: ChildProcess; port: number; output: () => string };

async function startServer(): Promise<Started> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/server.ts'],
    {
      cwd: serverFolder,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        PRODUCTION: 'true',
        CONTENT_DIR: fixtureContentDir,
        DATA_DIR: join(dataDir, String(port)),
        WEB_DIST_DIR: join(dataDir, 'no-web-build'),
        ...(database === undefined ? {} : { DATABASE_URL: database.url }),
        // The hanging client below would otherwise be cut off by the request timeout first.
        REQUEST_TIMEOUT_MS: '60000',
        SHUTDOWN_GRACE_MS: String(graceMs),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const until = Date.now() + 50_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
    const live = await fetch(`http://127.0.0.1:${port}/livez`).catch(() => undefined);
    if (live?.status === 200) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, port, output: () => output };
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

describe('shutdown (a real server process)', () => {
  it('exits within SHUTDOWN_GRACE_MS of SIGTERM although a client holds a request open', async () => {
    const server = await startServer();
    const client = await hangingClient(server.port);
    const clientClosed = new Promise((resolve) => client.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const code = await exited(server.child);
    const took = Date.now() - signalled;

    // It waited for the request in hand, then gave up on it at the deadline.
    expect(took).toBeGreaterThanOrEqual(graceMs - 100);
    expect(took).toBeLessThan(graceMs + 3000);
    expect(code).toBe(1);
    await clientClosed;
    expect(server.output()).toContain('shutdown grace over');
  }, 90_000);

  it('exits at once, and cleanly, when nothing is in hand', async () => {
    const server = await startServer();
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const code = await exited(server.child);
    expect(Date.now() - signalled).toBeLessThan(graceMs);
    expect(code).toBe(0);
    expect(server.output()).not.toContain('shutdown grace over');
  }, 90_000);
});
