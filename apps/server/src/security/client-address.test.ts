import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { createAgent } from '../testing/factories.js';
import { loadContent } from '../modules/content/load-content.js';
import { loadOffices } from '../modules/offices/load-offices.js';
import { createTestApp, fixtureContentDir, testConfig, type TestApp } from '../testing/test-app.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { login } from '../testing/agent-requests.js';

/**
 * TRUST_PROXY: which address the per-address limits see. Without it the
 * socket's peer is the client and X-Forwarded-For is ignored (a client cannot
 * choose its own address); with it, the address the trusted proxies forwarded.
 */

let database: TestDatabase;
let clock = Date.parse('2030-05-01T08:00:00Z');
beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, fixtureContentDir);
  await loadOffices(database.db, fixtureContentDir);
});
afterAll(() => database.dispose());

/** An app with the given TRUST_PROXY and a route that tells the client address it sees. */
async function appWith(trustProxy: Config['trustProxy'], overrides: Partial<Config> = {}) {
  return createTestApp({
    database,
    // A clock that stands still: a block of 1 s must not run out while a slow machine works.
    now: () => clock,
    config: { trustProxy, ...overrides },
    setup: (app) => {
      app.get('/test/client-address', (request) => ({ ip: request.ip }));
    },
  });
}

const addressSeen = async (
  t: TestApp,
  socketAddress: string,
  forwardedFor: string | undefined,
): Promise<string> => {
  const response = await t.app.inject({
    url: '/test/client-address',
    remoteAddress: socketAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return response.json<{ ip: string }>().ip;
};

describe('TRUST_PROXY', () => {
  it('off (the default): X-Forwarded-For is ignored', async () => {
    expect(testConfig().trustProxy).toBe(false);
    const t = await appWith(false);
    try {
      expect(await addressSeen(t, '10.0.0.5', '198.51.100.1')).toBe('10.0.0.5');
      expect(await addressSeen(t, '10.0.0.5', undefined)).toBe('10.0.0.5');
    } finally {
      await t.close();
    }
  });

  it('a hop count: that many proxies, counted from the socket', async () => {
    const one = await appWith(1);
    const two = await appWith(2);
    try {
      // One balancer: it appends the client's address; whatever the client sent before it is not believed.
      expect(await addressSeen(one, '10.0.0.5', '198.51.100.1')).toBe('198.51.100.1');
      expect(await addressSeen(one, '10.0.0.5', '6.6.6.6, 198.51.100.1')).toBe('198.51.100.1');
      // Two proxies: the second entry from the right is the client.
      expect(await addressSeen(two, '10.0.0.5', '6.6.6.6, 198.51.100.1, 10.0.0.9')).toBe(
        '198.51.100.1',
      );
      expect(await addressSeen(one, '10.0.0.5', undefined)).toBe('10.0.0.5');
    } finally {
      await one.close();
      await two.close();
    }
  });

  it("a list of proxies' addresses and ranges: only they are believed", async () => {
    const t = await appWith(['10.0.0.0/8', '192.0.2.1']);
    try {
      expect(await addressSeen(t, '10.0.0.5', '198.51.100.1')).toBe('198.51.100.1');
      expect(await addressSeen(t, '192.0.2.1', '198.51.100.2')).toBe('198.51.100.2');
      // Through two trusted proxies.
      expect(await addressSeen(t, '10.0.0.5', '6.6.6.6, 198.51.100.3, 10.0.0.9')).toBe(
        '198.51.100.3',
      );
      // A client that reaches the server directly cannot pose as another.
      expect(await addressSeen(t, '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
    } finally {
      await t.close();
    }
  });
});

describe('the per-address login limit behind a load balancer', () => {
  const balancer = '10.0.0.5';
  const failFrom = (t: TestApp, number: string, client: string) =>
    t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/token/agent',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': client,
      },
      payload: new URLSearchParams({ username: number, password: 'wrong1pass' }).toString(),
      remoteAddress: balancer,
    });
  const limits = { ...testConfig().loginLimits, freeFailuresPerAddress: 3 };

  it('with TRUST_PROXY, one client failing often does not block the others', async () => {
    const t = await appWith(1, { loginLimits: limits });
    try {
      const victims = await Promise.all([1, 2, 3, 4, 5].map(() => createAgent(database.db)));
      for (const victim of victims) await failFrom(t, victim.number, '198.51.100.66');
      const member = await createAgent(database.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/s2c/auth/v1/token/agent',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '198.51.100.67',
        },
        payload: new URLSearchParams({
          username: member.number,
          password: member.password,
        }).toString(),
        remoteAddress: balancer,
      });
      expect(response.statusCode).toBe(200);
      expect((await failFrom(t, member.number, '198.51.100.66')).statusCode).toBe(429);
    } finally {
      await t.close();
      clock += 60_000;
    }
  });

  it('without it, every client behind the balancer shares its address (and X-Forwarded-For cannot escape the limit)', async () => {
    const t = await appWith(false, { loginLimits: limits });
    try {
      const victims = await Promise.all([1, 2, 3, 4, 5].map(() => createAgent(database.db)));
      for (const [index, victim] of victims.entries()) {
        await failFrom(t, victim.number, `198.51.100.${100 + index}`);
      }
      const member = await createAgent(database.db);
      expect((await login(t.app, member.number, member.password, balancer)).statusCode).toBe(429);
    } finally {
      await t.close();
      clock += 60_000;
    }
  });
});
