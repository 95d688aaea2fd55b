/**
 * Plumbing of the fault suite, also used by the scale suite: clean-up of
 * everything a suite started (also when it fails or is interrupted), polling
 * with deadlines, the checks and figures each scenario prints, and a small
 * HTTP client whose connections can be dropped when the server behind them
 * was killed.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

// ---------------------------------------------------------------- clean-up

const cleanups: { name: string; run: () => void }[] = [];
let exiting = false;

/**
 * Registers a synchronous clean-up (kill a child, stop PostgreSQL, remove a
 * folder), run in reverse order when the process exits for any reason.
 * Returns a function that unregisters it once the thing was stopped normally.
 */
export function onExit(name: string, run: () => void): () => void {
  const entry = { name, run };
  cleanups.push(entry);
  return () => {
    const index = cleanups.indexOf(entry);
    if (index >= 0) cleanups.splice(index, 1);
  };
}

function runCleanups(): void {
  if (exiting) return;
  exiting = true;
  for (const entry of cleanups.reverse()) {
    try {
      entry.run();
    } catch (error) {
      console.error(`clean-up of ${entry.name} failed:`, error);
    }
  }
}

process.on('exit', runCleanups);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping everything the suite started`);
    process.exit(130);
  });
}
process.on('uncaughtException', (error) => {
  console.error('uncaught exception in the suite:', error);
  process.exit(1);
});

// ---------------------------------------------------------------- time

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` until it answers something other than undefined or false,
 * and answers that; throws after `timeoutMs` naming what was awaited (and
 * the last thing `describe` says about the state, if given).
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  options: { timeoutMs: number; intervalMs?: number; describe?: () => Promise<string> | string },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const state = options.describe === undefined ? '' : `; ${await options.describe()}`;
      const cause = lastError instanceof Error ? `; last error: ${lastError.message}` : '';
      throw new Error(
        `timed out after ${options.timeoutMs} ms waiting for ${what}${state}${cause}`,
      );
    }
    await sleep(options.intervalMs ?? 100);
  }
}

// ---------------------------------------------------------------- checks

let failedChecks = 0;
let passedChecks = 0;

export function checkTotals(): { passed: number; failed: number } {
  return { passed: passedChecks, failed: failedChecks };
}

/** Prints a figure of the scenario (indented under its title). */
export function figure(text: string): void {
  console.log(`    ${text}`);
}

/** Prints a check; a failed one makes the run exit non-zero. */
export function check(name: string, ok: boolean, detail?: string): boolean {
  if (ok) passedChecks += 1;
  else failedChecks += 1;
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}${detail === undefined ? '' : ` — ${detail}`}`);
  return ok;
}

/** Fails the run with a message (for a scenario that could not run to its checks). */
export function fail(name: string, detail: string): void {
  check(name, false, detail);
}

/** A short list for a check's detail: the first few items and how many more. */
export function sample(items: readonly unknown[], max = 5): string {
  const shown = items.slice(0, max).map((item) => String(item));
  return items.length > max
    ? `${shown.join('; ')}; … ${items.length - max} more`
    : shown.join('; ');
}

export function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

export function formatCounts(counts: Map<string, number>): string {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => `${key} ×${count}`)
    .join(', ');
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

// ---------------------------------------------------------------- HTTP

export type Answer = {
  /** 0 when no HTTP answer came (connection refused or reset, timeout). */
  status: number;
  body: unknown;
  /** The network error when status is 0. */
  error: string;
  ms: number;
  startedAt: number;
};

export type CallOptions = {
  method?: 'GET' | 'POST';
  /** Sent form-encoded, as the web app sends its forms. */
  form?: Record<string, string>;
  token?: string;
  timeoutMs?: number;
};

/**
 * HTTP calls to one club server. Keeps connections alive like a browser, and
 * `reset()` drops them: after the server was killed, pooled sockets are dead.
 */
export class HttpClient {
  private agent = new Agent({ keepAlive: true, maxSockets: 64 });

  constructor(readonly base: string) {}

  reset(): void {
    this.agent.destroy();
    this.agent = new Agent({ keepAlive: true, maxSockets: 64 });
  }

  call(path: string, options: CallOptions = {}): Promise<Answer> {
    const startedAt = Date.now();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    return exchange(`${this.base}${path}`, {
      method: options.method,
      headers,
      body:
        options.form === undefined
          ? undefined
          : {
              type: 'application/x-www-form-urlencoded',
              text: new URLSearchParams(options.form).toString(),
            },
      agent: this.agent,
      timeoutMs: options.timeoutMs ?? 15_000,
    }).then((reply) => ({
      status: reply.status,
      body: reply.body,
      error: reply.error,
      ms: Date.now() - startedAt,
      startedAt,
    }));
  }
}

export type Exchange = {
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  /** A body with its content type; without one the call is a GET unless `method` says otherwise. */
  body?: { type: string; text: string };
  agent: Agent;
  timeoutMs: number;
  /** The client's own address (any of 127.0.0.0/8). */
  localAddress?: string;
};

export type Exchanged = {
  /** 0 when no HTTP answer came (connection refused or reset, timeout). */
  status: number;
  /** The answer parsed as JSON, else its text; undefined when empty. */
  body: unknown;
  /** The network error when status is 0. */
  error: string;
  headers: IncomingHttpHeaders;
};

/** One HTTP request and its whole answer; never rejects (a network failure is status 0). */
export function exchange(url: string, options: Exchange): Promise<Exchanged> {
  const headers = { ...options.headers };
  if (options.body !== undefined) {
    headers['content-type'] = options.body.type;
    headers['content-length'] = String(Buffer.byteLength(options.body.text));
  }
  return new Promise<Exchanged>((resolve) => {
    let settled = false;
    const settle = (reply: Exchanged) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(reply);
    };
    const request = httpRequest(
      url,
      {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers,
        agent: options.agent,
        ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) =>
          settle({ status: 0, body: undefined, error: error.message, headers: response.headers }),
        );
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
          } catch {
            // not JSON: keep the text
          }
          settle({
            status: response.statusCode ?? 0,
            body: parsed,
            error: '',
            headers: response.headers,
          });
        });
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on('error', (error: Error & { code?: string }) =>
      settle({ status: 0, body: undefined, error: error.code ?? error.message, headers: {} }),
    );
    request.end(options.body?.text);
  });
}

/** `data` of an answer envelope, if there is one. */
export function dataOf<T>(answer: Answer): T | undefined {
  const body = answer.body as { data?: T } | undefined;
  return typeof body === 'object' && body !== null ? body.data : undefined;
}

/** `code` of an error envelope, if there is one. */
export function codeOf(answer: Answer): string | undefined {
  const body = answer.body as { code?: unknown } | undefined;
  return typeof body === 'object' && body !== null && typeof body.code === 'string'
    ? body.code
    : undefined;
}

/** Runs `worker` on `concurrency` lanes over the items, in order of the items. */
export async function inLanes<T>(
  items: readonly T[],
  concurrency: number,
  worker: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await worker(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}
