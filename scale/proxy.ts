/**
 * The suite's load balancer: a small HTTP reverse proxy that sends each
 * request to the next club server process in turn (round robin), as any load
 * balancer in front of several processes would. It appends the client's
 * address to `X-Forwarded-For` and sets `X-Forwarded-Proto` and
 * `X-Forwarded-Host`, and tells the client which process answered
 * (`X-Scale-Backend`, an index) so that the suite can see the spread.
 */
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export const backendHeader = 'x-scale-backend';

export class RoundRobinProxy {
  /** Requests sent to each backend, by its index. */
  readonly counts: number[];
  private next = 0;
  private server: Server | undefined;
  private readonly agents: Agent[];

  constructor(private readonly backends: readonly string[]) {
    this.counts = backends.map(() => 0);
    this.agents = backends.map(() => new Agent({ keepAlive: true, maxSockets: 256 }));
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  async listen(port: number): Promise<void> {
    const server = createServer((request, response) => this.forward(request, response));
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async close(): Promise<void> {
    for (const agent of this.agents) agent.destroy();
    const server = this.server;
    this.server = undefined;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private forward(request: IncomingMessage, response: ServerResponse): void {
    const index = this.next;
    this.next = (this.next + 1) % this.backends.length;
    this.counts[index]! += 1;
    const client = request.socket.remoteAddress ?? '';
    const forwardedFor = request.headers['x-forwarded-for'];
    const headers = {
      ...request.headers,
      'x-forwarded-for': forwardedFor === undefined ? client : `${String(forwardedFor)}, ${client}`,
      'x-forwarded-proto': 'http',
      'x-forwarded-host': request.headers.host ?? '',
    };
    const upstream = httpRequest(
      `${this.backends[index]}${request.url ?? '/'}`,
      { method: request.method, headers, agent: this.agents[index] },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          [backendHeader]: String(index),
        });
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      // A backend that cannot be reached is the balancer's 502, as a real one answers.
      if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'text/plain', [backendHeader]: String(index) });
      }
      response.end(`bad gateway: ${error.message}`);
    });
    request.pipe(upstream);
  }
}
