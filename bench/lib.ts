import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { gzipSync } from 'node:zlib';

export type LoadResult = { requestsPerSecond: number; p99Ms: number; failures: number };

/** Starts a server process and waits until `readyUrl` answers 200. */
export async function startServer(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
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

export function stopServer(child: ChildProcess): void {
  if (child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Measures one URL under load after a short warm-up. */
export async function measureLoad(url: string, seconds: number): Promise<LoadResult> {
  await autocannon({ url, connections: 20, duration: 1 });
  const result = await autocannon({ url, connections: 20, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

export function gzipBytes(source: Buffer | string): number {
  return gzipSync(source, { level: 9 }).length;
}

export function ratio(value: number, baseline: number): string {
  return (value / baseline).toFixed(2);
}
