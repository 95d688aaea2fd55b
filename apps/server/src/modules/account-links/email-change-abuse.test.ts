import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { agentLinks, agents } from '../agents/schema.js';
import { bearer, form, formHeaders } from '../../testing/agent-requests.js';
import { logIn, outboxRows } from '../../testing/account-helpers.js';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';

/**
 * The profile's new email is no oracle and no open mailer: an address that
 * is another member's answers exactly as any other (its owner is told
 * instead, in their language, and no link is made), and new emails are
 * limited per member (one per resend quiet time, a cap a day) and per client
 * address, counted alike for registered and unregistered addresses.
 */

const quietSeconds = 60;
const perDay = 3;
const perAddress = 5;

let t: TestApp;
let clock = Date.parse('2030-07-01T08:00:00Z');
beforeAll(async () => {
  const base = testConfig();
  t = await createTestApp({
    now: () => clock,
    config: {
      mail: { ...base.mail, resendQuietMs: quietSeconds * 1000 },
      emailChanges: { perMemberPerDay: perDay, perAddress },
    },
  });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof createAgent>>;

/** Each test its own client address, so that per-address counts never meet. */
let addresses = 0;
const nextAddress = () => `10.8.0.${++addresses}`;

/** Moves the clock past the quiet time. */
const later = () => {
  clock += (quietSeconds + 1) * 1000;
};

async function signedIn(values: Parameters<typeof createAgent>[1] = {}) {
  const member = await createAgent(t.database.db, values);
  return { member, token: await logIn(t.app, member.number, member.password) };
}

/** The profile as the web app sends it, asking for `email`, with the current password. */
const askFor = (
  { member, token }: { member: Member; token: string },
  email: string,
  address: string,
  changes: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'PUT',
    url: `/s2c/auth/v1/agents/${member.id}`,
    headers: { ...formHeaders, ...bearer(token) },
    remoteAddress: address,
    payload: form({
      title: member.title,
      giftDeliveryAddress: '',
      phone: '',
      email,
      birthdayDay: '',
      birthdayMonth: '',
      password: '',
      passwordRepeat: '',
      newsletter: '',
      sign: '',
      oldPassword: member.password,
      ...changes,
    }),
  });

const mailsTo = async (email: string) =>
  (await outboxRows(t.database.db)).filter(
    (row) => row.recipient.toLowerCase() === email.toLowerCase(),
  );

const changeLinksOf = (agentId: number) =>
  t.database.db.select().from(agentLinks).where(eq(agentLinks.agentId, agentId));

const stored = async (id: number) =>
  (await t.database.db.select().from(agents).where(eq(agents.id, id)))[0]!;

/** What the member sees of an answer: status, Retry-After and body. */
const seen = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  retryAfter: response.headers['retry-after'],
  body: response.json<unknown>(),
});

describe("an address that is another member's", () => {
  it('answers as any other address, makes no link, and tells its owner in their language', async () => {
    const owner = await createAgent(t.database.db, {
      countryCode: 'ae',
      languageCode: 'ara',
      firstName: 'Layla',
      email: 'layla.owner@travel.example',
    });
    const asking = await signedIn({ firstName: 'Maria' });
    const address = nextAddress();

    const free = await askFor(asking, 'nobody.yet@travel.example', address);
    later();
    const taken = await askFor(asking, 'Layla.Owner@Travel.Example', address);

    // The same answer: 200 with the member's record, the current email kept.
    expect(seen(taken)).toEqual(seen(free));
    expect(seen(taken)).toMatchObject({
      status: 200,
      body: { data: { email: asking.member.email } },
    });
    expect((await stored(asking.member.id)).email).toBe(asking.member.email);

    // The current address is told of both alike.
    const told = (await mailsTo(asking.member.email)).filter(
      (row) => row.template === 'email-change-requested',
    );
    expect(told.map((row) => row.text.includes('Layla.Owner@Travel.Example'))).toEqual([
      false,
      true,
    ]);

    // The free address got its link; the owner's got none, only the notice, in Arabic.
    expect((await mailsTo('nobody.yet@travel.example')).map((row) => row.template)).toEqual([
      'email-change-confirm',
    ]);
    const ownerMails = await mailsTo(owner.email);
    expect(ownerMails.map((row) => row.template)).toEqual(['email-address-in-use']);
    expect(ownerMails[0]!.text).toContain('مرحبًا Layla');
    // The way to support of the owner's country (ae has no contact address: its FAQ page).
    expect(ownerMails[0]!.text).toContain('http://ae.localhost:3000/faq');
    expect(ownerMails[0]!.text).not.toContain(asking.member.number);
    expect(ownerMails[0]!.text).not.toContain('email-change-confirm');
    const links = await changeLinksOf(asking.member.id);
    expect(links.filter((link) => link.usedAt === null).map((link) => link.email)).toEqual([]);
    expect(links.map((link) => link.email)).toEqual(['nobody.yet@travel.example']);
    expect((await stored(owner.id)).email).toBe('layla.owner@travel.example');
  });
});

describe('new emails of one member', () => {
  it('one per quiet time and a few a day, registered addresses counted alike; a refusal saves and mails nothing', async () => {
    await createAgent(t.database.db, { email: 'taken.by.another@travel.example' });
    const asking = await signedIn();
    const outbox = async () => (await outboxRows(t.database.db)).length;
    const ask = (email: string, changes: Record<string, string> = {}) =>
      askFor(asking, email, nextAddress(), changes);

    expect((await ask('first@travel.example')).statusCode).toBe(200);
    // Within the quiet time: refused on the email field, with when to come back.
    const mailed = await outbox();
    const soon = await ask('second@travel.example', { phone: '+30 2101234567' });
    expect(seen(soon)).toMatchObject({
      status: 429,
      retryAfter: String(quietSeconds),
      body: { code: 'TOO_MANY_REQUESTS', data: { email: expect.any(String) as string } },
    });
    expect(await outbox()).toBe(mailed);
    expect((await stored(asking.member.id)).phone).toBe('');
    // Without a new email the profile saves as before.
    expect((await askFor(asking, asking.member.email, nextAddress())).statusCode).toBe(200);

    later();
    expect((await ask('taken.by.another@travel.example')).statusCode).toBe(200);
    later();
    expect((await ask('third@travel.example')).statusCode).toBe(200);
    later();
    // The day's requests are used up: back the day after the first.
    const capped = await ask('fourth@travel.example');
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBe(86_400 - 3 * (quietSeconds + 1));
    clock += 86_400 * 1000;
    expect((await ask('fourth@travel.example')).statusCode).toBe(200);
  });

  it('the quiet time holds for requests sent at once', async () => {
    const asking = await signedIn();
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        askFor(asking, `${name}.at.once@travel.example`, nextAddress()),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429]);
  });
});

describe('new emails from one client address', () => {
  it('are free up to the limit whoever asks, then held back by the backoff', async () => {
    const address = nextAddress();
    // The limiter's free requests, and the one that starts the backoff.
    for (let index = 0; index <= perAddress; index++) {
      const asking = await signedIn();
      expect((await askFor(asking, `from-one-${index}@travel.example`, address)).statusCode).toBe(
        200,
      );
    }
    const next = await signedIn();
    const refused = await askFor(next, 'from-one-more@travel.example', address);
    expect(seen(refused)).toMatchObject({ status: 429, retryAfter: '1' });
    expect(await mailsTo('from-one-more@travel.example')).toEqual([]);
    // Another address is not held back.
    expect((await askFor(next, 'from-one-more@travel.example', nextAddress())).statusCode).toBe(
      200,
    );
  });
});
