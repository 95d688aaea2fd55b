// The baseline of the API benchmarks: a bare Fastify hello-world route.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
