import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A voucher provider's HTTP API (docs/gifts.md, "The voucher provider") that
 * is open for orders but fails every placement with a 503, as a provider does
 * during an outage: the order it is sent waits in the club's queue after a
 * failed call, which is what the staff retry example acts on. Cancelling
 * answers that the provider holds nothing; a status is always pending.
 */
export async function startFailingVoucherProvider(): Promise<{
  url: string;
  stop: () => Promise<void>;
}> {
  const server: Server = createServer((request, response) => {
    // Read the body whole before answering, as a real API does.
    request.resume();
    request.on('end', () => {
      const path = request.url ?? '/';
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'GET' && path === '/availability')
        return answer(200, { available: true });
      if (request.method === 'POST' && path === '/orders') return answer(503, {});
      if (request.method === 'POST' && /^\/orders\/\d+\/cancel$/.test(path)) return answer(200, {});
      if (request.method === 'GET' && path.startsWith('/orders/'))
        return answer(200, { state: 'pending' });
      return answer(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
