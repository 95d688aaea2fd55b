import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpOrderBody } from '../modules/gifts/provider/http-provider.js';

/** How the fake answers `POST /orders`. */
export type FakeMode =
  | { kind: 'accept' }
  | { kind: 'error'; status: number }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'refuse'; status: number; reason: string };

/**
 * A local voucher provider speaking the HTTP API of docs/gifts.md, for
 * tests: it records one order per club order id (a repeated id answers
 * 409), and can be told to fail, hang or refuse.
 */
export class FakeProvider {
  mode: FakeMode = { kind: 'accept' };
  available = true;
  /** Orders it holds, by the club's order id. */
  readonly orders = new Map<number, { ref: string; body: HttpOrderBody }>();
  /** Status per ref; absent means pending. */
  readonly states = new Map<
    string,
    { state: 'pending' | 'fulfilled' | 'refused'; reason?: string; vouchers?: unknown[] }
  >();
  /** Club order ids cancelled before the provider held them: refused from then on. */
  readonly cancelled = new Set<number>();
  /** Answer to `POST /orders/{id}/cancel` other than the real one (a broken provider). */
  cancelFailure: number | undefined;
  readonly cancelCalls: number[] = [];
  /** Every `POST /orders` received, by order id. */
  readonly postCalls: number[] = [];
  readonly statusCalls: string[] = [];
  unauthorized = 0;
  private server: Server | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly key: string) {}

  get url(): string {
    const address = this.server?.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}/api`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  postsFor(orderId: number): number {
    return this.postCalls.filter((id) => id === orderId).length;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${this.key}`) {
      this.unauthorized += 1;
      send(401, { reason: 'Unauthorized' });
      return;
    }
    const path = (request.url ?? '').replace(/^\/api/, '');
    if (request.method === 'GET' && path === '/availability') {
      send(200, { available: this.available });
      return;
    }
    if (request.method === 'POST' && path === '/orders') {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as HttpOrderBody;
      this.postCalls.push(body.id);
      const mode = this.mode;
      if (mode.kind === 'error') {
        send(mode.status, { reason: 'Temporarily broken' });
        return;
      }
      if (mode.kind === 'refuse') {
        send(mode.status, { reason: mode.reason });
        return;
      }
      const answer = () => {
        if (this.cancelled.has(body.id)) {
          send(410, { reason: 'Cancelled by the club' });
          return;
        }
        const known = this.orders.get(body.id);
        if (known !== undefined) {
          send(409, { ref: known.ref });
          return;
        }
        const ref = `FP-${body.id}`;
        this.orders.set(body.id, { ref, body });
        send(201, { ref });
      };
      if (mode.kind === 'slow') {
        // Records the order but answers too late: the club retries with the same id.
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          if (!response.destroyed) answer();
          else if (!this.orders.has(body.id) && !this.cancelled.has(body.id)) {
            this.orders.set(body.id, { ref: `FP-${body.id}`, body });
          }
        }, mode.delayMs);
        this.timers.add(timer);
        return;
      }
      answer();
      return;
    }
    const cancel = /^\/orders\/(\d+)\/cancel$/.exec(path);
    if (request.method === 'POST' && cancel !== null) {
      const id = Number(cancel[1]);
      this.cancelCalls.push(id);
      if (this.cancelFailure !== undefined) {
        send(this.cancelFailure, { reason: 'Temporarily broken' });
        return;
      }
      const known = this.orders.get(id);
      if (known !== undefined) {
        send(409, { ref: known.ref });
        return;
      }
      this.cancelled.add(id);
      send(200, { state: 'cancelled' });
      return;
    }
    const status = /^\/orders\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && status !== null) {
      const ref = decodeURIComponent(status[1]!);
      this.statusCalls.push(ref);
      if (![...this.orders.values()].some((order) => order.ref === ref)) {
        send(404, { reason: 'Unknown order' });
        return;
      }
      send(200, this.states.get(ref) ?? { state: 'pending' });
      return;
    }
    send(404, { reason: 'Not found' });
  }
}
