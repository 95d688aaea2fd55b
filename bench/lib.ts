import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The port of one bench server: `BENCH_PORT_BASE` (default 3900) plus the
 * part's own offset, so that two benches on one machine can run side by side.
 */
export function benchPort(offset: number): number {
  return Number(process.env.BENCH_PORT_BASE ?? 3900) + offset;
}

export type LoadResult = {
  requestsPerSecond: number;
  meanMs: number;
  p99Ms: number;
  failures: number;
};

/** Starts a server process and waits until `readyUrl` answers 200. */
export async function startServer(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  // Another server already answering there would be measured instead of this one.
  const taken = await fetch(readyUrl).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`something already answers at ${readyUrl}: stop it first`);
  const child = spawn(process.execPath, [...nodeFlags, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(readyUrl);
      if (answer.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stopServer(child);
  throw new Error(`server did not become ready at ${readyUrl}`);
}

/**
 * The Node flags `npm start` gives the server on PostgreSQL (apps/server's start script,
 * `${DATABASE_URL:+…}`; decision 032), so that the bench measures the server as it runs there.
 */
export function postgresServerFlags(root: string): string[] {
  const packageJson = JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const flags = /\$\{DATABASE_URL:\+([^}]*)\}/.exec(packageJson.scripts.start)?.[1];
  if (flags === undefined)
    throw new Error("apps/server's start script has no flags for PostgreSQL");
  return flags.split(' ').filter((flag) => flag !== '');
}

/**
 * The built club on a port of its own, with demo data in a fresh data folder,
 * on PostgreSQL when BENCH_DATABASE_URL is set (with the start script's flags for it);
 * answers once the layout does.
 * `env` adds to (or overrides) its environment, e.g. a part's own settings; `nodeFlags`
 * are Node flags of the part's own (after the start script's).
 */
export function startClub(
  root: string,
  port: number,
  dataDir: string,
  {
    logLevel = 'warn',
    env = {},
    nodeFlags = [],
  }: { logLevel?: string; env?: Record<string, string>; nodeFlags?: string[] } = {},
): Promise<ChildProcess> {
  const onPostgres = process.env.BENCH_DATABASE_URL !== undefined;
  return startServer(
    [
      ...(onPostgres ? postgresServerFlags(root) : []),
      ...nodeFlags,
      join(root, 'apps/server/dist/server.js'),
    ],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: logLevel,
      ...(process.env.BENCH_DATABASE_URL === undefined
        ? {}
        : { DATABASE_URL: process.env.BENCH_DATABASE_URL }),
      ...env,
    },
    `http://127.0.0.1:${port}/s2c/content/v1/layout/?countryCode=gr&languageCode=eng`,
  );
}

// One Chromium and one set of its flags for the end-to-end suite and the bench.
export { chromiumPath, quietChromiumFlags } from '../e2e/support/chromium.ts';

/**
 * Node flags for every server a part starts, e.g. `--cpu-prof --cpu-prof-dir=…` to see where
 * a part's time goes (BENCH_NODE_FLAGS, separated by spaces). With flags, servers are stopped
 * by SIGTERM, so that they stop as in production and write what the flags ask for.
 */
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '');

export function stopServer(child: ChildProcess): void {
  if (child.pid !== undefined) {
    try {
      process.kill(-child.pid, nodeFlags.length > 0 ? 'SIGTERM' : 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * What a browser sends with the calls of a page view: it accepts compressed
 * answers, and it carries the XSRF cookie that the page's HTML document set
 * (the calls never come first). Baselines and the club get the same headers.
 */
export const browserHeaders = {
  'accept-encoding': 'gzip, deflate, br',
  cookie: 'XSRF-TOKEN=0b8f0c55-7d0e-4a8e-9f53-1f2d3c4b5a69',
};

/** Measures one URL under load, with a browser's Accept-Encoding (and `extra` headers), after a short warm-up. */
export async function measureLoad(
  url: string,
  seconds: number,
  extra: Record<string, string> = {},
): Promise<LoadResult> {
  const headers = { ...browserHeaders, ...extra };
  await autocannon({ url, headers, connections: 20, duration: 1 });
  const result = await autocannon({ url, headers, connections: 20, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    meanMs: result.latency.average,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

/**
 * Measures several URLs in interleaved rounds (a, b, c, a, b, c…), so that a
 * noisy neighbour slows every URL of a round alike; `BENCH_ROUNDS` rounds.
 */
export async function measureRounds<K extends string>(
  urls: Record<K, string>,
  seconds: number,
  headers: Partial<Record<K, Record<string, string>>> = {},
): Promise<Record<K, LoadResult[]>> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const results = Object.fromEntries(
    Object.keys(urls).map((key) => [key, []]),
  ) as unknown as Record<K, LoadResult[]>;
  for (let round = 0; round < rounds; round++) {
    for (const key of Object.keys(urls) as K[]) {
      results[key].push(await measureLoad(urls[key], seconds, headers[key]));
    }
  }
  return results;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function gzipBytes(source: Buffer | string): number {
  return gzipSync(source, { level: 9 }).length;
}

export function ratio(value: number, baseline: number): string {
  return (value / baseline).toFixed(2);
}

/** The kernel's clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const ticksPerSecond = 100;

/** CPU seconds (user and system) a process has used, from /proc; undefined where there is none. */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    // The fields after the command name, which is in parentheses and may hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of this machine's PostgreSQL processes (those that ended
 * meanwhile are not counted: the pool keeps its connections); undefined
 * where /proc has none, e.g. a server on another machine.
 */
export function postgresCpuSeconds(): number | undefined {
  let total: number | undefined;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const seconds = processCpuSeconds(Number(pid));
    if (seconds !== undefined) total = (total ?? 0) + seconds;
  }
  return total;
}
