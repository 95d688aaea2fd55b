/**
 * The load's HTTP client: keep-alive connections like a browser's, any
 * method, headers and body, and the answer with its time and the club
 * process that served it (the proxy's `X-Scale-Backend`).
 */
import { Agent } from 'node:http';
import { exchange } from '../faults/support.ts';
import { backendHeader } from './proxy.ts';

export type Reply = {
  /** 0 when no HTTP answer came. */
  status: number;
  body: unknown;
  error: string;
  ms: number;
  /** Index of the club process that answered, -1 when unknown. */
  backend: number;
};

export type Send = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent form-encoded, as the web app sends its forms. */
  form?: Record<string, string>;
  /** A raw body with its content type. */
  body?: { type: string; text: string };
  token?: string;
  timeoutMs?: number;
  /** The client's own address (any of 127.0.0.0/8), so that each client has one as on the internet. */
  from?: string;
};

export class LoadClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 256 });

  constructor(readonly base: string) {}

  close(): void {
    this.agent.destroy();
  }

  send(path: string, options: Send = {}): Promise<Reply> {
    const started = performance.now();
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    const body =
      options.form !== undefined
        ? {
            type: 'application/x-www-form-urlencoded',
            text: new URLSearchParams(options.form).toString(),
          }
        : options.body;
    return exchange(`${this.base}${path}`, {
      method: options.method,
      headers,
      body,
      agent: this.agent,
      timeoutMs: options.timeoutMs ?? 30_000,
      localAddress: options.from,
    }).then((reply) => ({
      status: reply.status,
      body: reply.body,
      error: reply.error,
      ms: performance.now() - started,
      backend: Number(reply.headers[backendHeader] ?? -1),
    }));
  }
}

/** `data` of an answer envelope, if there is one. */
export function dataOf<T>(reply: Reply): T | undefined {
  const body = reply.body as { data?: T } | undefined;
  return typeof body === 'object' && body !== null ? body.data : undefined;
}
