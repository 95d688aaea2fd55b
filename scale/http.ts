/**
 * The load's HTTP client: keep-alive connections like a browser's, any
 * method, headers and body, and the answer with its time and the club
 * process that served it (the proxy's `X-Scale-Backend`).
 */
import { Agent, request as httpRequest } from 'node:http';
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
    let body: string | undefined;
    if (options.form !== undefined) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (options.body !== undefined) {
      body = options.body.text;
      headers['content-type'] = options.body.type;
    }
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    const timeoutMs = options.timeoutMs ?? 30_000;
    return new Promise<Reply>((resolve) => {
      let settled = false;
      let backend = -1;
      const settle = (reply: Omit<Reply, 'ms' | 'backend'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...reply, ms: performance.now() - started, backend });
      };
      const request = httpRequest(
        `${this.base}${path}`,
        {
          method: options.method ?? (body === undefined ? 'GET' : 'POST'),
          headers,
          agent: this.agent,
          ...(options.from === undefined ? {} : { localAddress: options.from }),
        },
        (response) => {
          backend = Number(response.headers[backendHeader] ?? -1);
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', (error) =>
            settle({ status: 0, body: undefined, error: error.message }),
          );
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
            } catch {
              // not JSON: keep the text
            }
            settle({ status: response.statusCode ?? 0, body: parsed, error: '' });
          });
        },
      );
      const timer = setTimeout(
        () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      request.on('error', (error: Error & { code?: string }) =>
        settle({ status: 0, body: undefined, error: error.code ?? error.message }),
      );
      request.end(body);
    });
  }
}

/** `data` of an answer envelope, if there is one. */
export function dataOf<T>(reply: Reply): T | undefined {
  const body = reply.body as { data?: T } | undefined;
  return typeof body === 'object' && body !== null ? body.data : undefined;
}
