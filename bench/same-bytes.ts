import { request } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { browserHeaders, type LoadResult } from './lib.ts';

/** Headers every answer has anyway, which the bare server sets itself. */
const ownHeaders = new Set(['date', 'connection', 'keep-alive', 'content-length']);

export type RecordedAnswer = { path: string; headers: Record<string, string>; body: string };

/**
 * One answer of the club exactly as a browser's call gets it (compressed
 * bytes as sent, every header but those the bare server sets itself), for
 * the same-bytes baseline (bench/same-bytes-server.mjs).
 */
export function recordAnswer(url: string): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers: browserHeaders }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) {
          reject(new Error(`${url} answered ${response.statusCode}`));
          return;
        }
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (!ownHeaders.has(name) && typeof value === 'string') headers[name] = value;
        }
        resolve({
          path: new URL(url).pathname,
          headers,
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

export function writeAnswers(file: string, answers: RecordedAnswer[]): void {
  writeFileSync(file, JSON.stringify(answers));
}

/** User and system CPU time of a process and all its threads (Linux), in ms. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export type LoadWithCpu = LoadResult & { cpuUsPerRequest: number };

/**
 * One URL under load with a browser's headers, after a short warm-up, and
 * the CPU time its server process spent per answer: on a shared machine the
 * CPU per answer moves far less with the neighbours than the throughput.
 */
export async function measureLoadAndCpu(
  url: string,
  seconds: number,
  serverPid: number,
): Promise<LoadWithCpu> {
  const options = { url, headers: browserHeaders, connections: 20 };
  await autocannon({ ...options, duration: 1 });
  const before = processCpuMs(serverPid);
  const result = await autocannon({ ...options, duration: seconds });
  const cpuMs = processCpuMs(serverPid) - before;
  return {
    requestsPerSecond: result.requests.average,
    meanMs: result.latency.average,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors,
    cpuUsPerRequest: (cpuMs * 1000) / Math.max(1, result.requests.total),
  };
}
