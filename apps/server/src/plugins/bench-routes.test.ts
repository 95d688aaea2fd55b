import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../testing/factories.js';
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
});
