// The limit of a cached answer: a bare Fastify route per path that sends
// bytes fixed at start with fixed headers, nothing else. ANSWERS names a JSON
// file of { path, headers, body (base64) } taken from the club's own answers.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
for (const { path, headers, body } of JSON.parse(readFileSync(process.env.ANSWERS, 'utf8'))) {
  const bytes = Buffer.from(body, 'base64');
  app.get(path, (_request, reply) => {
    reply.headers(headers).send(bytes);
  });
}
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
