import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../testing/factories.js';
import { openDatabase } from '../../db/client.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { serverUrl } from '../../testing/test-database.js';
import { loginFailures } from '../limits/schema.js';
import { deviceCookieOf, login } from '../../testing/agent-requests.js';

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

describe('device cookies (OWASP "slow down online guessing attacks with device cookies")', () => {
  /** Blocks the number as an attack from elsewhere would: its free failures and one more. */
  async function blockNumber(number: string) {
    for (let failure = 1; failure <= 6; failure++) {
      await login(t.app, number, 'wrong1pass', nextAddress());
    }
    expect((await login(t.app, number, 'wrong1pass', nextAddress())).statusCode).toBe(429);
  }

  async function loggedInBrowser(agent: { number: string; password: string }, cookie?: string) {
    const response = await login(t.app, agent.number, agent.password, nextAddress(), cookie);
    expect(response.statusCode).toBe(200);
    return deviceCookieOf(response)!;
  }

  it('is set by a successful login only: HttpOnly, SameSite=Strict, for the login call only', async () => {
    const agent = await createAgent(t.database.db);
    const failed = await login(t.app, agent.number, 'wrong1pass', nextAddress());
    expect(deviceCookieOf(failed)).toBeUndefined();
    const pending = await createAgent(t.database.db, { status: 'pending', activatedAt: null });
    const unconfirmed = await login(t.app, pending.number, pending.password, nextAddress());
    expect(unconfirmed.statusCode).toBe(403);
    expect(deviceCookieOf(unconfirmed)).toBeUndefined();

    const response = await login(t.app, agent.number, agent.password, nextAddress());
    const header = [response.headers['set-cookie']].flat().find((c) => c?.startsWith('device='))!;
    expect(header).toMatch(
      new RegExp(`^device=${agent.number}\\.[0-9a-z]+\\.[\\w-]{22}\\.[\\w-]{43}; `),
    );
    expect(header).toContain('; Path=/s2c/auth/v1/token/agent');
    expect(header).toContain('; HttpOnly');
    expect(header).toContain('; SameSite=Strict');
    expect(header).toMatch(/; Max-Age=\d+/);
    expect(header).not.toContain('Secure');
  });

  it('is Secure in production', async () => {
    const production = await createTestApp({
      database: t.database,
      now: () => clock,
      config: { production: true },
    });
    try {
      const agent = await createAgent(t.database.db);
      const response = await login(production.app, agent.number, agent.password, nextAddress());
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toContain('; Secure');
    } finally {
      await production.close();
    }
  });

  it("lets the member's browser past the number's and the address's blocks", async () => {
    const agent = await createAgent(t.database.db);
    const device = await loggedInBrowser(agent);
    await blockNumber(agent.number);
    expect(
      (await login(t.app, agent.number, agent.password, nextAddress(), device)).statusCode,
    ).toBe(200);
    clock += 1000;
  });

  it("gives no trust to a forged cookie, nor to another member's", async () => {
    const agent = await createAgent(t.database.db);
    const other = await createAgent(t.database.db);
    const own = (await loggedInBrowser(agent)).slice('device='.length);
    const othersCookie = await loggedInBrowser(other);
    await blockNumber(agent.number);
    const [number, issued, nonce, signature] = own.split('.') as [string, string, string, string];
    const otherEntry = othersCookie.slice('device='.length).split('.');
    const forged = [
      // Another signature, of the right shape.
      `${number}.${issued}.${nonce}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
      // Another nonce under the member's signature.
      `${number}.${issued}.${nonce.startsWith('A') ? 'B' : 'A'}${nonce.slice(1)}.${signature}`,
      // Issued at another time.
      `${number}.${(parseInt(issued, 36) + 1).toString(36)}.${nonce}.${signature}`,
      // Another member's valid entry with this member's number put in.
      [number, ...otherEntry.slice(1)].join('.'),
      // Nonsense.
      `${number}.zz.not-a-nonce.not-a-signature`,
    ];
    for (const entry of forged) {
      const response = await login(
        t.app,
        agent.number,
        agent.password,
        nextAddress(),
        `device=${entry}`,
      );
      expect(response.statusCode, entry).toBe(429);
    }
    // Another member's own cookie, as it is.
    expect(
      (await login(t.app, agent.number, agent.password, nextAddress(), othersCookie)).statusCode,
    ).toBe(429);
    // The member's own cookie, as it was issued, is trusted.
    expect(
      (await login(t.app, agent.number, agent.password, nextAddress(), `device=${own}`)).statusCode,
    ).toBe(200);
    clock += 1000;
  });

  it('has its own small budget: past it the cookie brings no trust, and a good login issues a new one', async () => {
    const agent = await createAgent(t.database.db);
    const device = await loggedInBrowser(agent);
    await blockNumber(agent.number);
    const free = t.config.loginLimits.freeFailuresPerDevice;
    for (let failure = 1; failure <= free; failure++) {
      const response = await login(t.app, agent.number, 'wrong1pass', nextAddress(), device);
      expect(response.statusCode, `trusted failure ${failure}`).toBe(401);
    }
    // Used up: the attempt is an untrusted one, and the number is blocked.
    expect(
      (await login(t.app, agent.number, agent.password, nextAddress(), device)).statusCode,
    ).toBe(429);
    // The trusted failures did not count against the number: its block is still the first, 1 s.
    clock += 1000;
    const after = await login(t.app, agent.number, agent.password, nextAddress(), device);
    expect(after.statusCode).toBe(200);
    const renewed = deviceCookieOf(after)!;
    expect(renewed).not.toBe(device);
    await blockNumber(agent.number);
    expect(
      (await login(t.app, agent.number, agent.password, nextAddress(), renewed)).statusCode,
    ).toBe(200);
    clock += 1000;
  });

  it('counts a burst of trusted guesses like the same guesses one after the other', async () => {
    const agent = await createAgent(t.database.db);
    const device = await loggedInBrowser(agent);
    await blockNumber(agent.number);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        login(t.app, agent.number, 'wrong1pass', nextAddress(), device),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      t.config.loginLimits.freeFailuresPerDevice,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      12 - t.config.loginLimits.freeFailuresPerDevice,
    );
    clock += 1000;
  });

  it('trusts one browser for several members (a shared office computer)', async () => {
    const first = await createAgent(t.database.db);
    const second = await createAgent(t.database.db);
    const afterFirst = await loggedInBrowser(first);
    const both = await loggedInBrowser(second, afterFirst);
    expect(both.split('~')).toHaveLength(2);
    await blockNumber(first.number);
    await blockNumber(second.number);
    for (const agent of [first, second]) {
      expect(
        (await login(t.app, agent.number, agent.password, nextAddress(), both)).statusCode,
      ).toBe(200);
    }
    clock += 1000;
  });

  it('is honoured by another server process on the same database (one shared key)', async () => {
    const other = await createTestApp({ database: t.database, now: () => clock });
    try {
      const agent = await createAgent(t.database.db);
      const device = await loggedInBrowser(agent);
      await blockNumber(agent.number);
      const response = await login(other.app, agent.number, agent.password, nextAddress(), device);
      expect(response.statusCode).toBe(200);
    } finally {
      await other.close();
    }
    clock += 1000;
  });

  it('with DEVICE_COOKIE_SECRET, trusts cookies signed with that secret only', async () => {
    const secret = (letter: string) => letter.repeat(40);
    const apps = await Promise.all(
      [secret('a'), secret('a'), secret('b')].map((deviceCookieSecret) =>
        createTestApp({ database: t.database, now: () => clock, config: { deviceCookieSecret } }),
      ),
    );
    try {
      const [issuer, sameSecret, otherSecret] = apps as [TestApp, TestApp, TestApp];
      const agent = await createAgent(t.database.db);
      const first = await login(issuer.app, agent.number, agent.password, nextAddress());
      const device = deviceCookieOf(first)!;
      await blockNumber(agent.number);
      const address = nextAddress();
      expect(
        (await login(otherSecret.app, agent.number, agent.password, address, device)).statusCode,
      ).toBe(429);
      expect((await login(t.app, agent.number, agent.password, address, device)).statusCode).toBe(
        429,
      );
      expect(
        (await login(sameSecret.app, agent.number, agent.password, address, device)).statusCode,
      ).toBe(200);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
    clock += 1000;
  });

  it('is honoured for a year after it was issued, not longer', async () => {
    const agent = await createAgent(t.database.db);
    const device = await loggedInBrowser(agent);
    clock += 364 * 86_400_000;
    await blockNumber(agent.number);
    const withinYear = await login(t.app, agent.number, agent.password, nextAddress(), device);
    expect(withinYear.statusCode).toBe(200);
    clock += 2 * 86_400_000;
    await blockNumber(agent.number);
    expect(
      (await login(t.app, agent.number, agent.password, nextAddress(), device)).statusCode,
    ).toBe(429);
    clock += 1000;
  });

  it('keeps its counts apart from the number and the address', async () => {
    const agent = await createAgent(t.database.db);
    const device = await loggedInBrowser(agent);
    const address = nextAddress();
    await login(t.app, agent.number, 'wrong1pass', address, device);
    const keys = (await t.database.db.select().from(loginFailures)).map((row) => row.key);
    expect(keys.filter((key) => key.startsWith(`device:${agent.number}:`))).toHaveLength(1);
    expect(keys).not.toContain(`number:${agent.number}`);
    expect(keys).not.toContain(`address:${address}`);
  });
});
