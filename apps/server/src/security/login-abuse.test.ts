import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { wordMessage } from '@club/contract/message-catalogue';
import { loginMessages } from '../modules/agents/login-routes.js';
import type { LoginLimits } from '../modules/limits/login-limiter.js';
import { deviceCookieOf, login } from '../testing/agent-requests.js';
import { outboxRows } from '../testing/account-helpers.js';
import { createAgent } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * Login abuse and account probing, with the configured limits (the defaults
 * of LOGIN_FREE_FAILURES, LOGIN_ADDRESS_FREE_FAILURES,
 * LOGIN_BACKOFF_MAX_SECONDS, LOGIN_FAILURE_WINDOW_MINUTES; decision 020):
 *
 * - 1,000 wrong passwords for one member number, each from another client
 *   address (so no per-address limit helps), 400 in a burst and 600 spread
 *   over 20 minutes: only the number's free failures and then one guess per
 *   backoff period are checked at all; every other guess is a 429 with
 *   Retry-After.
 * - The owner's own browser, which logged in before and so carries a device
 *   cookie for the number (OWASP's device cookies), logs in at once, during
 *   the attack's backoff; a browser without one is still held back.
 * - The real owner can log in afterwards. "Afterwards" means once the block
 *   the attack earned has run out: at most LOGIN_BACKOFF_MAX_SECONDS after
 *   the attacker's last checked guess, and exactly the Retry-After the owner's
 *   own refused attempt names. No operator has to unlock anything, and the
 *   owner's success starts the count afresh.
 * - The guest forms that take an email (retrieve-password, reconfirm,
 *   restore) answer the same status and body for a member's address as for an
 *   unknown one. How long they take is not tested here (timed tests are not
 *   allowed in this project); see the note in `describe` below.
 */

let t: TestApp;
let clock = Date.parse('2030-06-01T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

// The answer of a call without a language: the message's English wording.
const tooMany = {
  code: 'TOO_MANY_REQUESTS',
  data: { username: wordMessage({ key: loginMessages.tooManyAttempts }) },
};
const invalid = { code: 'UNAUTHORIZED', data: { username: 'Invalid Username or Password' } };

/** A different client address for every guess: 1,000 of them, IPv4 and IPv6. */
const addressOf = (guess: number) =>
  guess % 4 === 3
    ? `2001:db8::${guess.toString(16)}`
    : `198.${18 + (guess >> 16)}.${(guess >> 8) & 255}.${guess & 255}`;

type Expected = { status: 401 | 429; retryAfter?: number };

/**
 * What decision 020 says each guess gets, guess after guess at the given
 * times: a blocked number refuses the guess (429, Retry-After the seconds
 * left); a checked failure counts, and past the free failures of the window
 * blocks the number 1 s, 2 s, 4 s … up to the maximum.
 */
function expectedAnswers(times: readonly number[], limits: LoginLimits): Expected[] {
  const windowMs = limits.failureWindowMinutes * 60_000;
  let failures = 0;
  let windowStart = -Infinity;
  let blockedUntil = -Infinity;
  return times.map((at) => {
    if (at < blockedUntil) {
      return { status: 429, retryAfter: Math.max(1, Math.ceil((blockedUntil - at) / 1000)) };
    }
    if (windowStart <= at - windowMs) {
      failures = 1;
      windowStart = at;
    } else failures += 1;
    const over = failures - limits.freeFailuresPerNumber;
    blockedUntil =
      over > 0 ? at + Math.min(2 ** Math.min(over - 1, 30), limits.backoffMaxSeconds) * 1000 : -1;
    return { status: 401 };
  });
}

const answerOf = (response: LightMyRequestResponse): Expected =>
  response.statusCode === 429
    ? { status: 429, retryAfter: Number(response.headers['retry-after']) }
    : { status: response.statusCode as 401 };

/**
 * 1,000 wrong passwords for `number`, each from its own address: the first
 * `burst` at one instant, the rest `stepMs` apart.
 */
async function attack(number: string, burst: number, stepMs: number) {
  const times: number[] = [];
  const answers: Expected[] = [];
  for (let guess = 0; guess < 1000; guess++) {
    if (guess >= burst) clock += stepMs;
    times.push(clock);
    const response = await login(t.app, number, `wrong-guess-${guess}`, addressOf(guess));
    answers.push(answerOf(response));
    expect(response.json()).toEqual(response.statusCode === 429 ? tooMany : invalid);
  }
  return { times, answers };
}

/** The owner tries at once, waits the Retry-After they are given, and gets in. */
async function ownerLogsIn(owner: { number: string; password: string }) {
  const home = '203.0.113.10';
  const first = await login(t.app, owner.number, owner.password, home);
  let waited = 0;
  if (first.statusCode === 429) {
    waited = Number(first.headers['retry-after']);
    clock += waited * 1000;
  } else {
    expect(first.statusCode).toBe(200);
  }
  const second = await login(t.app, owner.number, owner.password, home);
  expect(second.statusCode, second.body).toBe(200);
  return { waited };
}

/**
 * A thousand requests take a few seconds, far longer on a busy machine: the
 * limit below is a guard against a hang, not a measure of speed.
 */
const attackTimeout = 180_000;

describe('1,000 wrong passwords against one member number, from 1,000 addresses', () => {
  it(
    'checks only the free failures, then one guess per backoff period; the owner gets in afterwards',
    async () => {
      const limits = t.config.loginLimits;
      const owner = await createAgent(t.database.db);
      // 400 at once, then 600 two seconds apart: 20 minutes, past the longest backoff.
      const burst = 400;
      const { times, answers } = await attack(owner.number, burst, 2000);

      // Guess by guess, as decision 020 says.
      expect(answers).toEqual(expectedAnswers(times, limits));
      const checked = (part: Expected[]) => part.filter((answer) => answer.status === 401).length;
      // The burst: the free failures, and the one that sets the first block.
      expect(checked(answers.slice(0, burst))).toBe(limits.freeFailuresPerNumber + 1);
      // In words: then one guess per doubling up to the maximum, then one per maximum.
      const seconds = (times.at(-1)! - times[0]!) / 1000;
      const doublings = Math.ceil(Math.log2(limits.backoffMaxSeconds)) + 1;
      const atMost =
        limits.freeFailuresPerNumber + doublings + Math.ceil(seconds / limits.backoffMaxSeconds);
      expect(checked(answers)).toBeLessThanOrEqual(atMost);
      for (const answer of answers) {
        if (answer.status === 429) {
          expect(answer.retryAfter).toBeGreaterThanOrEqual(1);
          expect(answer.retryAfter).toBeLessThanOrEqual(limits.backoffMaxSeconds);
        }
      }

      const { waited } = await ownerLogsIn(owner);
      expect(waited).toBeLessThanOrEqual(limits.backoffMaxSeconds);
      // The owner's success cleared the number: a typo now is an ordinary failure.
      expect((await login(t.app, owner.number, 'typo1234', '203.0.113.10')).statusCode).toBe(401);
    },
    attackTimeout,
  );

  it('lets the owner in 1 s after a burst that ends in the first block', async () => {
    const owner = await createAgent(t.database.db);
    for (let guess = 0; guess <= t.config.loginLimits.freeFailuresPerNumber; guess++) {
      await login(t.app, owner.number, 'wrong1pass', addressOf(guess));
    }
    expect((await ownerLogsIn(owner)).waited).toBe(1);
  });

  it('leaves other members alone meanwhile', async () => {
    const victim = await createAgent(t.database.db);
    const bystander = await createAgent(t.database.db);
    for (let guess = 0; guess < 20; guess++) {
      await login(t.app, victim.number, 'wrong1pass', addressOf(guess));
    }
    // Even from an address the attacker used.
    const response = await login(t.app, bystander.number, bystander.password, addressOf(3));
    expect(response.statusCode).toBe(200);
    clock += t.config.loginLimits.backoffMaxSeconds * 1000;
  });
});

describe("the owner's browser with its device cookie", () => {
  it(
    'logs in at once after 1,000 wrong passwords from 1,000 addresses; a new browser is still slowed',
    async () => {
      const limits = t.config.loginLimits;
      const owner = await createAgent(t.database.db);
      const home = '203.0.113.20';
      const before = await login(t.app, owner.number, owner.password, home);
      expect(before.statusCode).toBe(200);
      const device = deviceCookieOf(before)!;
      expect(device).toMatch(/^device=/);

      const { times, answers } = await attack(owner.number, 400, 2000);
      // The attack got what decision 020 gives it: the cookie changed nothing for it.
      expect(answers).toEqual(expectedAnswers(times, limits));

      // The owner's browser, at once: not held back by the number's backoff.
      const trusted = await login(t.app, owner.number, owner.password, home, device);
      expect(trusted.statusCode, trusted.body).toBe(200);
      // Even from an address the attacker used.
      const elsewhere = await login(t.app, owner.number, owner.password, addressOf(999), device);
      expect(elsewhere.statusCode).toBe(200);
      // A browser without the cookie (a new one, or the attacker's) still waits.
      const fresh = await login(t.app, owner.number, owner.password, home);
      expect(fresh.statusCode).toBe(429);
      expect(Number(fresh.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(fresh.json()).toEqual(tooMany);
      // And the owner's trusted logins did not clear the number for the attacker.
      expect((await login(t.app, owner.number, 'wrong-again1', addressOf(5))).statusCode).toBe(429);
      clock += limits.backoffMaxSeconds * 1000;
    },
    attackTimeout,
  );
});

/**
 * The forms answer alike for members and strangers, by content. What they do
 * differs: for a member's address the transaction also creates a link (a
 * random token, its SHA-256, one insert) and queues a mail (a template
 * rendered, one insert); for an unknown address it is one select. Neither
 * path hashes a password. The difference is a few milliseconds of database
 * work, not an argon2 verify; making them alike would mean dummy writes or
 * answering before the work is done, so it is left as it is (and the
 * registration form says outright that an address is registered, as spec 1
 * §5 wants).
 */
describe('the guest forms that take an email answer alike for members and strangers', () => {
  const stranger = 'nobody-at-all@travel.example';

  async function members() {
    const db = t.database.db;
    const active = await createAgent(db);
    const pending = await createAgent(db, { status: 'pending', activatedAt: null });
    const deleted = await createAgent(db, { status: 'deleted', deletedAt: new Date() });
    return { active, pending, deleted };
  }

  type Answer = { status: number; type: unknown; body: string };
  async function answer(page: string, values: Record<string, string>): Promise<Answer> {
    const response = await t.app.inject({
      method: 'POST',
      url: `/s2c/content/v1/pages/${page}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ countryCode: 'gr', languageCode: '', ...values }).toString(),
    });
    return {
      status: response.statusCode,
      type: response.headers['content-type'],
      body: response.body,
    };
  }

  it('retrieve-password: the same answer for active, pending, deleted and unknown addresses', async () => {
    const { active, pending, deleted } = await members();
    const mailsBefore = (await outboxRows(t.database.db)).length;
    const answers = [];
    for (const email of [active.email, pending.email, deleted.email, stranger, active.email]) {
      answers.push(await answer('retrieve-password', { email }));
    }
    expect(answers[0]).toMatchObject({ status: 200, body: '{"data":{"sent":true}}' });
    for (const other of answers) expect(other).toEqual(answers[0]);
    // The work is real for members only: links went to the active and the pending member.
    expect((await outboxRows(t.database.db)).length).toBe(mailsBefore + 2);
  });

  it('reconfirm: the same answer for active, pending, deleted and unknown addresses', async () => {
    const { active, pending, deleted } = await members();
    const answers = [];
    for (const email of [active.email, pending.email, deleted.email, stranger]) {
      answers.push(await answer('reconfirm', { email }));
    }
    expect(answers[0]?.status).toBe(200);
    for (const other of answers) expect(other).toEqual(answers[0]);
  });

  it('restore: the same answer whether or not email and number name a deleted member', async () => {
    const { active, deleted } = await members();
    const answers = [];
    for (const [email, number] of [
      [deleted.email, deleted.number],
      [deleted.email, active.number],
      [active.email, active.number],
      [stranger, deleted.number],
      [stranger, '12345'],
    ] as const) {
      answers.push(await answer('restore', { email, number }));
    }
    expect(answers[0]?.status).toBe(200);
    for (const other of answers) expect(other).toEqual(answers[0]);
  });

  it('answers field problems alike too', async () => {
    const { active } = await members();
    for (const page of ['retrieve-password', 'reconfirm']) {
      const member = await answer(page, { email: ` ${active.email}x@` });
      const nobody = await answer(page, { email: ` ${stranger}x@` });
      expect(member.body).toContain('validationMessages');
      expect(nobody).toEqual(member);
    }
  });
});
