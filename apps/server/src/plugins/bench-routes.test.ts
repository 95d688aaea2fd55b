import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAgent } from '../testing/factories.js';
import { creditAdditional } from '../testing/points-data.js';
import { pointBalances } from '../modules/points/schema.js';
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

  it('lock and write the signed-in member’s balance row with BENCH_ROUTES, and refuse a guest', async () => {
    const agent = await createAgent(bench.database.db, { password: 'bench1password' });
    await creditAdditional(bench.database.db, agent.id, '2026-01-05', 10, 'Bench');
    const before = await updatedAt(agent.id);
    const token = await sessionToken(bench.app, agent.number, 'bench1password');
    const answer = await bench.app.inject({
      method: 'POST',
      url: '/bench/locked-write',
      headers: bearer(token),
    });
    expect(answer.json()).toEqual({ data: { id: agent.id } });
    expect((await updatedAt(agent.id)).getTime()).toBeGreaterThan(before.getTime());
    const guest = await bench.app.inject({ method: 'POST', url: '/bench/locked-write' });
    expect(guest.statusCode).toBe(401);
  });

  async function updatedAt(agentId: number): Promise<Date> {
    const [row] = await bench.database.db
      .select({ at: pointBalances.updatedAt })
      .from(pointBalances)
      .where(eq(pointBalances.agentId, agentId));
    return row!.at;
  }

  it('run a full collection and answer the heap in use, in a process started with --expose-gc', async () => {
    const exposed = globalThis as { gc?: () => void };
    const given = exposed.gc;
    const refused = await bench.app.inject({ method: 'POST', url: '/bench/full-collection' });
    if (given === undefined) expect(refused.statusCode).toBe(409);
    let collections = 0;
    exposed.gc = () => {
      collections += 1;
    };
    try {
      const answer = await bench.app.inject({ method: 'POST', url: '/bench/full-collection' });
      expect(answer.statusCode).toBe(200);
      expect(collections).toBe(1);
      const { heapUsedBytes } = answer.json<{ data: { heapUsedBytes: number } }>().data;
      expect(heapUsedBytes).toBeGreaterThan(1_000_000);
    } finally {
      exposed.gc = given;
    }
    expect(plain.app.hasRoute({ method: 'POST', url: '/bench/full-collection' })).toBe(false);
  });
});
