/**
 * The suite's own load balancer checked before it carries the load: two
 * stand-in backends that answer with what they received, four requests from
 * one client address through the proxy. Round robin and the forwarded
 * headers are what the phases' figures and the TRUST_PROXY check rely on.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { check } from '../faults/support.ts';
import { LoadClient } from './http.ts';
import { RoundRobinProxy } from './proxy.ts';

type Seen = { backend: number; forwardedFor: string; proto: string; host: string; body: string };

async function echoBackend(index: number): Promise<Server> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const seen: Seen = {
        backend: index,
        forwardedFor: String(request.headers['x-forwarded-for'] ?? ''),
        proto: String(request.headers['x-forwarded-proto'] ?? ''),
        host: String(request.headers['x-forwarded-host'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(seen));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export async function checkProxy(port: number): Promise<void> {
  const backends = await Promise.all([echoBackend(0), echoBackend(1)]);
  const proxy = new RoundRobinProxy(
    backends.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`),
  );
  await proxy.listen(port);
  const client = new LoadClient(proxy.url);
  try {
    const from = '127.0.9.9';
    const replies = [];
    for (let i = 0; i < 4; i += 1) {
      replies.push(
        await client.send('/echo', {
          from,
          headers: { 'x-forwarded-for': '203.0.113.7' },
          form: { n: String(i) },
        }),
      );
    }
    const seen = replies.map((reply) => reply.body as Seen);
    const order = seen.map((each) => each.backend).join(',');
    const marked = replies.map((reply) => reply.backend).join(',');
    check(
      'the proxy sends requests to its backends in turn, says which answered, and forwards the client address after the ones it was sent',
      order === '0,1,0,1' &&
        marked === order &&
        seen.every(
          (each, i) =>
            each.forwardedFor === `203.0.113.7, ${from}` &&
            each.proto === 'http' &&
            each.host === `127.0.0.1:${port}` &&
            each.body === `n=${i}`,
        ),
      `backends ${order} (marked ${marked}); X-Forwarded-For "${seen[0]?.forwardedFor ?? ''}"`,
    );
  } finally {
    client.close();
    await proxy.close();
    for (const server of backends) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
}
