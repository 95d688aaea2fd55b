import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../testing/factories.js';
import { bearer, sessionToken } from '../testing/agent-requests.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('the bench routes', () => {
  let plain: TestApp;
  let bench: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    bench = await createTestApp({ config: { benchRoutes: true } });
  });
  afterAll(async () => {
    await plain.close();
    await bench.close();
  });

  it('are not there without BENCH_ROUTES', () => {
    const route = { method: 'GET', url: '/bench/primary-key-read/:id' } as const;
    expect(plain.app.hasRoute(route)).toBe(false);
    expect(bench.app.hasRoute(route)).toBe(true);
  });

  it('read one member row by primary key with BENCH_ROUTES', async () => {
    const agent = await createAgent(bench.database.db);
    const answer = await bench.app.inject({ url: `/bench/primary-key-read/${agent.id}` });
    expect(answer.json()).toEqual({
      data: { id: agent.id, number: agent.number, countryCode: agent.countryCode },
    });
  });

  it('read the signed-in member of a bearer token with BENCH_ROUTES, and refuse a guest', async () => {
    const agent = await createAgent(bench.database.db, { password: 'bench1password' });
    const token = await sessionToken(bench.app, agent.number, 'bench1password');
    const answer = await bench.app.inject({ url: '/bench/signed-in-read', headers: bearer(token) });
    expect(answer.json()).toEqual({
      data: { id: agent.id, number: agent.number, countryCode: agent.countryCode },
    });
    expect((await bench.app.inject({ url: '/bench/signed-in-read' })).statusCode).toBe(401);
  });
});
