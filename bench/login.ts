/**
 * Login throughput: `POST /s2c/auth/v1/token/agent` req/s through the real
 * server, against raw argon2id verifies/s of the same password module
 * measured in the same run, before and after (target >= 0.9):
 *
 * - against a plain loop, one verify at a time (what one core verifies);
 * - against the same number of verifies in flight as the load has
 *   connections (what the whole machine verifies) — the stricter figure;
 * - and CPU time per login (server process, all threads) against CPU time
 *   per raw verify, which shared-machine noise moves least.
 *
 * Members are registered through the API in a country without double opt-in
 * (ae), one per connection: every login succeeds, and successful logins never
 * count against the login limits. The server uses the embedded database, or
 * the empty PostgreSQL database of BENCH_DATABASE_URL.
 */
import autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { benchPort, ratio, startClub, stopServer } from './lib.ts';

const run = promisify(execFile);
const connections = 20;
const password = 'bench1password';

type Raw = { verifiesPerSecond: number; cpuMsPerVerify: number };

export async function loginFigures(root: string, seconds: number): Promise<void> {
  const dist = join(root, 'apps/server/dist');
  const rawSeconds = Math.min(seconds, 5);
  const sequentialBefore = await rawVerifies(root, dist, 1, rawSeconds);
  const parallelBefore = await rawVerifies(root, dist, connections, rawSeconds);
  const login = await measureLogins(root, seconds);
  const sequentialAfter = await rawVerifies(root, dist, 1, rawSeconds);
  const parallelAfter = await rawVerifies(root, dist, connections, rawSeconds);

  const sequential = (sequentialBefore.verifiesPerSecond + sequentialAfter.verifiesPerSecond) / 2;
  const parallel = (parallelBefore.verifiesPerSecond + parallelAfter.verifiesPerSecond) / 2;
  const cpuPerVerify = (parallelBefore.cpuMsPerVerify + parallelAfter.cpuMsPerVerify) / 2;
  console.log(
    `raw argon2id verifies: ${sequential.toFixed(0)}/s one at a time (before ${sequentialBefore.verifiesPerSecond.toFixed(0)}, after ${sequentialAfter.verifiesPerSecond.toFixed(0)}); ${parallel.toFixed(0)}/s with ${connections} in flight (before ${parallelBefore.verifiesPerSecond.toFixed(0)}, after ${parallelAfter.verifiesPerSecond.toFixed(0)}); ${cpuPerVerify.toFixed(1)} ms CPU each`,
  );
  const target = 0.9;
  const figure = login.requestsPerSecond / sequential;
  console.log(
    `POST login (${login.database}): ${login.requestsPerSecond.toFixed(0)} req/s, p99 ${login.p99Ms} ms, failures ${login.failures}, ${login.cpuMsPerLogin.toFixed(1)} ms server CPU each -> ratio ${figure.toFixed(2)} to one-at-a-time verifies (target >= ${target}) ${figure >= target ? 'within' : 'OVER'}, ${ratio(login.requestsPerSecond, parallel)} to ${connections} in flight, CPU ratio ${ratio(cpuPerVerify, login.cpuMsPerLogin)}`,
  );
}

async function measureLogins(root: string, seconds: number) {
  const port = benchPort(3);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'club-bench-login-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const server = await startClub(root, port, dataDir, {
    // One member per connection, all registered from this one address.
    env: { REGISTRATION_ADDRESS_FREE_ATTEMPTS: '1000000' },
  });
  try {
    const numbers = await registerMembers(base);
    let next = 0;
    const options = {
      url: `${base}/s2c/auth/v1/token/agent`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      connections,
      setupClient: (client: { setBody(body: string): void }) => {
        const number = numbers[next++ % numbers.length]!;
        client.setBody(new URLSearchParams({ username: number, password }).toString());
      },
    };
    await autocannon({ ...options, duration: 1 });
    const cpuBefore = processCpuMs(server.pid!);
    const result = await autocannon({ ...options, duration: seconds });
    const cpuMs = processCpuMs(server.pid!) - cpuBefore;
    return {
      database: databaseUrl === undefined ? 'embedded database' : 'PostgreSQL',
      requestsPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      failures: result.non2xx + result.errors,
      cpuMsPerLogin: cpuMs / Math.max(1, result.requests.total),
    };
  } finally {
    stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function registerMembers(base: string): Promise<string[]> {
  const numbers: string[] = [];
  for (let member = 0; member < connections; member++) {
    const response = await fetch(`${base}/s2c/auth/v1/agents`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        countryCode: 'ae',
        agreeWithConditions: 'true',
        firstName: 'Bench',
        lastName: 'Member',
        title: 'mr',
        password,
        passwordRepeat: password,
        officeId: 'DXBAE2101',
        email: `bench-${member}-${Date.now()}@example.com`,
      }).toString(),
    });
    if (!response.ok) {
      throw new Error(`registration answered ${response.status}: ${await response.text()}`);
    }
    const answer = (await response.json()) as { data: { user: { number: string } } };
    numbers.push(answer.data.user.number);
  }
  return numbers;
}

async function rawVerifies(
  root: string,
  dist: string,
  concurrency: number,
  seconds: number,
): Promise<Raw> {
  const { stdout } = await run(process.execPath, [
    '--import',
    'tsx',
    join(root, 'bench/argon2-verify.ts'),
    dist,
    String(concurrency),
    String(seconds),
  ]);
  return JSON.parse(stdout) as Raw;
}

/** User and system CPU time of a process and all its threads (Linux), in ms. */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}
