import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.js';

/** The server's own timeouts against slow clients, over real sockets on loopback. */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    config: { timeouts: { requestMs: 600, connectionMs: 5000, keepAliveMs: 400 } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

type Connection = { socket: Socket; received: () => string; closed: Promise<number> };

async function open(): Promise<Connection> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const opened = Date.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(Date.now() - opened)),
  );
  return { socket, received: () => received, closed };
}

describe('slow clients', () => {
  it('closes a connection whose body trickles in slower than the request timeout (408)', async () => {
    const { socket, received, closed } = await open();
    socket.write(
      'POST /s2c/auth/v1/token/agent HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n',
    );
    // A byte every 100 ms: the connection is never idle, but the body never ends.
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write('x');
    }, 100);
    try {
      const after = await closed;
      // The request timeout (600 ms) plus at most one check interval of Node (here 600 ms).
      expect(after).toBeLessThan(4000);
      expect(received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes a connection that sends no headers at all', async () => {
    const { socket, closed } = await open();
    socket.write('GET /livez HTTP/1.1\r\n');
    expect(await closed).toBeLessThan(4000);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const { socket, received, closed } = await open();
    socket.write('GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const after = await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(received()).toContain('Keep-Alive: timeout=');
    expect(after).toBeLessThan(4000);
  });

  it('still answers a request whose body arrives in time', async () => {
    const { socket, received, closed } = await open();
    // A number that is not digits is refused by the body's schema: the answer
    // depends on the request's timing only, not on a password hash or the database.
    const body = JSON.stringify({ username: 'not-a-number', password: 'wrong1' });
    socket.write(
      'POST /s2c/auth/v1/token/agent HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.write(body);
    const waited = await Promise.race([
      closed,
      new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 10_000)),
    ]);
    socket.destroy();
    expect({ waited, received: received() }).toMatchObject({
      waited: expect.any(Number) as unknown,
      received: expect.stringMatching(/^HTTP\/1\.1 400 /) as unknown,
    });
  });
});
