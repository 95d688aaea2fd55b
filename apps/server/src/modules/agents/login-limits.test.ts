import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../testing/factories.js';
import { openDatabase } from '../../db/client.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { serverUrl } from '../../testing/test-database.js';
import { login } from './test-requests.js';

let t: TestApp;
let clock = Date.parse('2030-06-01T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    config: {
      loginLimits: { ...testConfig().loginLimits, freeFailuresPerNumber: 5, backoffMaxSeconds: 8 },
    },
  });
});
afterAll(() => t.close());

const tooMany = {
  code: 'TOO_MANY_REQUESTS',
  data: { username: 'Too many attempts. Please try again in a few minutes.' },
};

/** Each test uses its own client address, so the per-address count of one never reaches another. */
let addresses = 0;
const nextAddress = () => `10.1.0.${++addresses}`;

describe('login limits per member number', () => {
  it('gives 5 free failures, then backs off 1 s, 2 s, 4 s … capped, and a success starts afresh', async () => {
    const agent = await createAgent(t.database.db);
    const address = nextAddress();
    const attempt = (password: string) => login(t.app, agent.number, password, address);

    for (let failure = 1; failure <= 5; failure++) {
      expect((await attempt('wrong1pass')).statusCode, `failure ${failure}`).toBe(401);
    }
    // The 6th failure is still answered, then blocks for 1 s.
    expect((await attempt('wrong1pass')).statusCode).toBe(401);
    const blocked = await attempt(agent.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    expect(blocked.headers['retry-after']).toBe('1');

    clock += 1000;
    expect((await attempt('wrong1pass')).statusCode).toBe(401);
    expect((await attempt(agent.password)).headers['retry-after']).toBe('2');
    clock += 2000;
    expect((await attempt('wrong1pass')).statusCode).toBe(401);
    expect((await attempt('wrong1pass')).headers['retry-after']).toBe('4');
    clock += 4000;
    expect((await attempt('wrong1pass')).statusCode).toBe(401);
    // Capped at the configured maximum (8 s here, 15 min by default): never a lockout.
    expect((await attempt('wrong1pass')).headers['retry-after']).toBe('8');
    clock += 8000;
    expect((await attempt('wrong1pass')).statusCode).toBe(401);
    expect((await attempt('wrong1pass')).headers['retry-after']).toBe('8');
    clock += 8000;

    // The real owner gets in once the block has passed, and the count starts again.
    expect((await attempt(agent.password)).statusCode).toBe(200);
    for (let failure = 1; failure <= 5; failure++) {
      expect((await attempt('wrong1pass')).statusCode, `again ${failure}`).toBe(401);
    }
  });

  it('blocks the number from every address, and not other numbers', async () => {
    const agent = await createAgent(t.database.db);
    const other = await createAgent(t.database.db);
    for (let failure = 1; failure <= 6; failure++) {
      await login(t.app, agent.number, 'wrong1pass', nextAddress());
    }
    expect((await login(t.app, agent.number, agent.password, nextAddress())).statusCode).toBe(429);
    expect((await login(t.app, other.number, other.password, nextAddress())).statusCode).toBe(200);
    clock += 1000;
  });

  it('counts unknown numbers like known ones', async () => {
    const address = nextAddress();
    for (let failure = 1; failure <= 6; failure++) {
      expect((await login(t.app, '55555555', 'wrong1pass', address)).statusCode).toBe(401);
    }
    expect((await login(t.app, '55555555', 'wrong1pass', address)).statusCode).toBe(429);
    clock += 1000;
  });

  it('never counts successful logins', async () => {
    const agent = await createAgent(t.database.db);
    const address = nextAddress();
    for (let success = 1; success <= 12; success++) {
      expect((await login(t.app, agent.number, agent.password, address)).statusCode).toBe(200);
    }
  });

  it('starts a new count after the failure window (24 h by default)', async () => {
    const agent = await createAgent(t.database.db);
    const address = nextAddress();
    for (let failure = 1; failure <= 5; failure++) {
      await login(t.app, agent.number, 'wrong1pass', address);
    }
    clock += 24 * 3_600_000 + 1000;
    for (let failure = 1; failure <= 5; failure++) {
      expect((await login(t.app, agent.number, 'wrong1pass', address)).statusCode).toBe(401);
    }
    expect((await login(t.app, agent.number, 'wrong1pass', address)).statusCode).toBe(401);
    expect((await login(t.app, agent.number, agent.password, address)).statusCode).toBe(429);
    clock += 1000;
  });

  it('counts a burst of parallel guesses like the same guesses one after the other', async () => {
    const agent = await createAgent(t.database.db);
    const address = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(t.app, agent.number, 'wrong1pass', address)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // Five free guesses and the one that sets the first block: no more get checked.
    expect(statuses.filter((status) => status === 401)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
    clock += 1000;
  });

  it.runIf(serverUrl !== undefined)(
    'holds across server processes sharing one PostgreSQL',
    async () => {
      // A second app with its own connection pool, as another server process would have.
      const pool = await openDatabase({ databaseUrl: t.database.url });
      const other = await createTestApp({
        database: { ...pool, url: t.database.url, dispose: () => pool.close() },
        now: () => clock,
      });
      try {
        const agent = await createAgent(t.database.db);
        const address = nextAddress();
        const answers = await Promise.all(
          [t, other, t, other, t, other, t, other, t, other, t, other, t, other, t, other].map(
            (app) => login(app.app, agent.number, 'wrong1pass', address),
          ),
        );
        const statuses = answers.map((answer) => answer.statusCode);
        expect(statuses.filter((status) => status === 401)).toHaveLength(6);
        expect(statuses.filter((status) => status === 429)).toHaveLength(10);
      } finally {
        await other.close();
        await pool.close();
      }
      clock += 1000;
    },
  );
});

describe('login limits per client address', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({
      database: t.database,
      now: () => clock,
      config: { loginLimits: { ...testConfig().loginLimits, freeFailuresPerAddress: 3 } },
    });
  });
  afterAll(() => small.close());

  it('blocks an address that fails across many numbers, and no other address', async () => {
    const victims = await Promise.all([1, 2, 3, 4, 5].map(() => createAgent(t.database.db)));
    const address = nextAddress();
    for (const victim of victims.slice(0, 4)) {
      expect((await login(small.app, victim.number, 'wrong1pass', address)).statusCode).toBe(401);
    }
    const blocked = await login(small.app, victims[4]!.number, victims[4]!.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    // The members themselves, from their own addresses, are not affected.
    const own = await login(small.app, victims[4]!.number, victims[4]!.password, nextAddress());
    expect(own.statusCode).toBe(200);
    clock += 1000;
    expect(
      (await login(small.app, victims[4]!.number, victims[4]!.password, address)).statusCode,
    ).toBe(200);
  });

  it('lets many members log in from one office address', async () => {
    const address = nextAddress();
    for (let member = 1; member <= 6; member++) {
      const agent = await createAgent(t.database.db);
      expect((await login(small.app, agent.number, agent.password, address)).statusCode).toBe(200);
    }
  });
});
