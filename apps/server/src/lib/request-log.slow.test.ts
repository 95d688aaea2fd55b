import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort, ServerProcess } from '../testing/server-process.js';
import { fixtureContentDir } from '../testing/test-app.js';

/**
 * The real server process writes its log asynchronously, in chunks
 * (request-log.ts): a stop or a crash right after the last answer must still
 * leave every request line in the log. The lines are counted, one per answer.
 */
const root = mkdtempSync(join(tmpdir(), 'club-request-log-'));
// Loaded into the server: SIGUSR2 throws an error nobody catches, as a bug would.
const crashOnSignal = join(root, 'crash-on-signal.mjs');
writeFileSync(
  crashOnSignal,
  "process.on('SIGUSR2', () => setImmediate(() => { throw new Error('a fault of the test'); }));\n",
);
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const answers = 400;

async function startAndAnswer(name: string, env: Record<string, string> = {}) {
  const started = new ServerProcess(await freePort(), {
    DATA_DIR: join(root, name),
    CONTENT_DIR: fixtureContentDir,
    WEB_DIST_DIR: join(root, 'no-web-build'),
    // The production level: one line per request.
    LOG_LEVEL: 'info',
    ...env,
  });
  server = started;
  await started.waitFor('Server listening');
  // Fewer than the buffer's 4 kB would be lost wholly; these are many times more.
  for (let sent = 0; sent < answers; sent += 20) {
    const batch = Array.from({ length: 20 }, () => fetch(started.url('/livez')));
    for (const response of await Promise.all(batch)) expect(response.status).toBe(200);
  }
  return started;
}

const requestLines = (log: string) =>
  log.split('\n').filter((line) => line.includes('"msg":"request"') && line.includes('/livez'));

describe('the request log of the server process', () => {
  it('loses no line when SIGTERM stops the server right after its last answer', async () => {
    const started = await startAndAnswer('sigterm');
    expect(await started.stop('SIGTERM')).toBe(0);
    expect(requestLines(started.log)).toHaveLength(answers);
    expect(started.log).toContain('SIGTERM: closing');
  }, 120_000);

  it('loses no line on a fatal error, and writes the error last', async () => {
    const started = await startAndAnswer('fatal', { NODE_OPTIONS: `--import=${crashOnSignal}` });
    process.kill(started.pid, 'SIGUSR2');
    expect(await started.exited).toBe(1);
    expect(requestLines(started.log)).toHaveLength(answers);
    const fatal = started.log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .at(-1);
    expect(JSON.parse(fatal ?? '{}')).toMatchObject({
      level: 60,
      msg: 'uncaught exception: exiting',
      err: { message: 'a fault of the test' },
    });
  }, 120_000);
});
