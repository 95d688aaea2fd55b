import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { testConfig } from '../testing/test-app.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { isDatabaseUnavailable } from './errors.js';

/**
 * Just enough of a PostgreSQL server for `pg`: it trusts every login and
 * answers every simple query (`select 1` with one row, anything else with
 * its command tag). `freeze()` makes it hang like a stopped process: new
 * connections are accepted and nothing is answered; `drop()` cuts every
 * connection, as a restarted server does.
 */
class FakePostgres {
  frozen = false;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor() {
    this.server = createServer((socket) => this.serve(socket));
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `postgres://club@127.0.0.1:${(this.server.address() as AddressInfo).port}/club`;
  }

  drop(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async stop(): Promise<void> {
    this.drop();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (this.frozen) return; // says nothing, ever
        const headerLength = started ? 5 : 4;
        if (buffer.length < headerLength) return;
        const type = started ? String.fromCharCode(buffer[0]!) : '';
        const length = buffer.readInt32BE(started ? 1 : 0);
        const total = (started ? 1 : 0) + length;
        if (buffer.length < total) return;
        const body = buffer.subarray(headerLength, total);
        buffer = buffer.subarray(total);
        if (!started) {
          started = true;
          socket.write(Buffer.concat([message('R', int32(0)), ready()]));
        } else if (type === 'Q') {
          socket.write(answer(body.subarray(0, body.length - 1).toString('utf8')));
        } else if (type === 'X') {
          socket.end();
          return;
        }
      }
    });
  }
}

const int16 = (value: number) => {
  const buffer = Buffer.alloc(2);
  buffer.writeInt16BE(value);
  return buffer;
};
const int32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
};
const text = (value: string) => Buffer.from(`${value}\0`, 'utf8');
const message = (type: string, body: Buffer) =>
  Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);
const ready = () => message('Z', Buffer.from('I'));

function answer(query: string): Buffer {
  if (!/^select/i.test(query.trim())) {
    const tag = query.trim().split(/\s+/)[0]!.toUpperCase();
    return Buffer.concat([message('C', text(tag)), ready()]);
  }
  const column = Buffer.concat([
    text('?column?'),
    int32(0),
    int16(0),
    int32(23), // int4
    int16(4),
    int32(-1),
    int16(0),
  ]);
  return Buffer.concat([
    message('T', Buffer.concat([int16(1), column])),
    message('D', Buffer.concat([int16(1), int32(1), Buffer.from('1')])),
    message('C', text('SELECT 1')),
    ready(),
  ]);
}

const fake = new FakePostgres();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  fake.frozen = false;
});

describe('a database that stops answering (DATABASE_ANSWER_TIMEOUT_MS)', () => {
  let database: DatabaseHandle;
  let app: App;
  const changes: boolean[] = [];

  beforeAll(async () => {
    database = await openDatabase({
      databaseUrl: fake.url,
      answerTimeoutMs: 400,
      onAnsweringChange: (answering) => changes.push(answering),
      onPoolError: () => undefined,
    });
    app = await buildApp({ config: testConfig(), db: database.db, logger: false });
    app.get('/test/database', async () => {
      await app.db.execute(sql`select 1`);
      return { answered: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const timed = async () => {
    const started = Date.now();
    const response = await app.inject({ url: '/test/database' });
    return { response, ms: Date.now() - started };
  };

  it('answers 503 with the error envelope within the timeout, at once while it hangs, and recovers by itself', async () => {
    expect((await timed()).response.statusCode).toBe(200);

    fake.frozen = true;
    // A pooled connection's statement hangs: the watchdog's probe is not answered either.
    const first = await timed();
    expect(first.response.statusCode).toBe(503);
    expect(first.response.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', data: null });
    expect(first.ms).toBeLessThan(1500);
    // Meanwhile requests do not wait at all.
    const second = await timed();
    expect(second.response.statusCode).toBe(503);
    expect(second.ms).toBeLessThan(200);
    expect(changes).toEqual([false]);

    fake.frozen = false;
    const deadline = Date.now() + 5000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await timed()).response.statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(200);
    expect(changes).toEqual([false, true]);
  });

  it('keeps waiting for a busy database that still answers', async () => {
    // A transaction held open longer than the probe threshold (a lock wait looks the same) is left alone.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise((resolve) => setTimeout(resolve, 600));
      await tx.execute(sql`select 1`);
    });
    expect(changes).toEqual([false, true]);
  });
});

describe('a connection lost while checked out', () => {
  it('fails the transaction as "database unavailable" instead of crashing the process', async () => {
    const errors: string[] = [];
    const database = await openDatabase({
      databaseUrl: fake.url,
      onPoolError: (error) => errors.push(error.message),
    });
    try {
      const outcome = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          // The server goes away between two statements (PostgreSQL restarted).
          fake.drop();
          await new Promise((resolve) => setTimeout(resolve, 50));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(outcome)).toBe(true);
      expect(errors).toEqual(['Connection terminated unexpectedly']);
      // The pool carries on with a new connection.
      await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined();
    } finally {
      await database.close();
    }
  });
});
