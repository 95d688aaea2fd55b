import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { createTestApp, testConfig, type TestApp } from '../testing/test-app.js';
import {
  createEmptyServerDatabase,
  createTestDatabase,
  serverUrl,
} from '../testing/test-database.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ backgroundJobs: true });
});
afterAll(() => t.close());

/** The app on a database handle of the test's own; closed by the caller. */
async function appOn(handle: DatabaseHandle, answerTimeoutMs = 1000): Promise<App> {
  const app = await buildApp({
    config: testConfig({ databaseAnswerTimeoutMs: answerTimeoutMs }),
    db: handle.db,
    logger: false,
  });
  await app.ready();
  return app;
}

describe('GET /livez', () => {
  it('answers 200 JSON while the process serves requests, whatever the database does', async () => {
    const response = await t.app.inject({ url: '/livez' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'live' });
  });

  it('sets no cookie, here or on /readyz (health checks are not page views)', async () => {
    for (const url of ['/livez', '/readyz']) {
      expect((await t.app.inject({ url })).headers['set-cookie'], url).toBeUndefined();
    }
    // A page view still gets its XSRF cookie.
    expect((await t.app.inject({ url: '/faq' })).headers['set-cookie']).toBeDefined();
  });
});

describe('GET /readyz', () => {
  it('answers 200 when the database answers, migrations are applied and every job runs', async () => {
    const response = await t.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ready',
      database: 'answers',
      migrations: 'applied',
      workers: {
        mailOutbox: 'running',
        memberPurge: 'running',
        pointsClock: 'running',
        orderQueue: 'running',
      },
    });
  });

  it.each(['mailOutbox', 'memberPurge', 'pointsClock', 'orderQueue'])(
    'answers 503 while the %s job is stopped, and 200 again once it runs',
    async (name) => {
      const job = t.app.backgroundJobs.job(name);
      await job.stop();
      try {
        const response = await t.app.inject({ url: '/readyz' });
        expect(response.statusCode).toBe(503);
        const body = response.json<{ status: string; workers: Record<string, string> }>();
        expect(body.status).toBe('not ready');
        expect(Object.values(body.workers).filter((state) => state === 'stopped')).toHaveLength(1);
      } finally {
        job.start();
      }
      expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    },
  );

  it('answers 503 when the migrations are not applied', async () => {
    const empty = serverUrl === undefined ? undefined : await createEmptyServerDatabase();
    const handle = await openDatabase({ databaseUrl: empty?.url });
    const app = await appOn(handle);
    try {
      const response = await app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'not ready',
        database: 'answers',
        migrations: 'missing',
      });
      // Until the migrations run.
      await handle.migrate();
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.close();
      await empty?.drop();
    }
  });

  it('answers 503 when the database is gone', async () => {
    const database = await createTestDatabase();
    const app = await appOn(database);
    try {
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      await database.close();
      const response = await app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'not ready',
        database: 'does not answer',
        migrations: 'unknown',
      });
      expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.dispose().catch(() => undefined);
    }
  });

  it('answers 503 within the answer timeout when the database hangs', async () => {
    // A "PostgreSQL server" that accepts connections and never says a word.
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const handle = await openDatabase({ databaseUrl: `postgres://club@127.0.0.1:${port}/club` });
    const app = await appOn(handle, 300);
    try {
      const started = Date.now();
      const response = await app.inject({ url: '/readyz' });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ database: 'does not answer' });
    } finally {
      await app.close();
      for (const socket of sockets) socket.destroy();
      await handle.close().catch(() => undefined);
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
