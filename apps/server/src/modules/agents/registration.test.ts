import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAgent, createOffice } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { CountryFileSchema, LanguageFileSchema } from '../content/content-files.js';
import { writeContent } from '../content/load-content.js';
import { mailOutbox } from '../mail/schema.js';
import { agentLinks, agents } from './schema.js';
import { bearer, fieldsOf, form, formHeaders, sessionOf } from '../../testing/agent-requests.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Austria (the sign applies there), without double opt-in, added to the fixture content.
  const country = CountryFileSchema.parse({
    code: 'at',
    name: 'Austria',
    defaultLanguage: 'deu',
    languages: [{ code: 'deu', nativeTitle: 'Deutsch', shortCode: 'de' }],
  });
  await writeContent(t.database.db, [
    { country, languages: new Map([['deu', LanguageFileSchema.parse({})]]) },
  ]);
  t.app.contentCache.clear();
  await createOffice(t.database.db, { officeId: 'VIEAT0001', countryCode: 'at' });
});
afterAll(() => t.close());

let emails = 0;
const uniqueEmail = () => `new-agent-${++emails}-${Date.now()}@agent.example`;

/** A valid registration in the United Arab Emirates (no double opt-in, no decision-maker opt-in). */
const registration = (overrides: Record<string, string | undefined> = {}) => ({
  countryCode: 'ae',
  languageCode: 'eng',
  agreeWithConditions: 'true',
  firstName: "Anne-Marie O'Neil",
  lastName: 'Smith, Jr.',
  title: 'mrs',
  password: 'travel2030',
  passwordRepeat: 'travel2030',
  officeId: 'dxbae0001',
  address: 'whatever the client built',
  email: uniqueEmail(),
  phone: '+971 501234567',
  birthdayDay: '05',
  birthdayMonth: '12',
  newsletter: 'on',
  sign: '',
  ...overrides,
});

const register = (values: Record<string, string | undefined>) =>
  t.app.inject({
    method: 'POST',
    url: '/s2c/auth/v1/agents',
    headers: formHeaders,
    payload: form(values),
  });

describe('POST /s2c/auth/v1/agents without double opt-in', () => {
  it('registers an active member with a new number, the directory address and a session', async () => {
    const values = registration();
    const response = await register(values);
    expect(response.statusCode).toBe(200);
    const { user, token } = sessionOf(response);
    expect(user).toEqual({
      id: expect.any(Number) as unknown,
      number: expect.stringMatching(/^\d{7,}$/) as unknown,
      countryCode: 'ae',
      firstName: "Anne-Marie O'Neil",
      lastName: 'Smith, Jr.',
      title: 'mrs',
      email: values.email,
      phone: '+971 501234567',
      birthdayDay: '05',
      birthdayMonth: '12',
      newsletter: true,
      sign: '',
      officeId: 'DXBAE0001',
      agency: 'Fixture Dubai Travel',
      address: '1 Fixture Road, Dubai',
      giftDeliveryAddress: '',
      agentAcceptedTermsAndConditions: true,
      isAmadeusDirectUser: false,
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(response.json())).not.toContain('travel2030');

    const check = await t.app.inject({
      url: `/s2c/auth/v1/agents/${user.id}`,
      headers: bearer(token!),
    });
    expect(check.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(agents).where(eq(agents.id, user.id));
    expect(row).toMatchObject({ status: 'active', languageCode: 'eng' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('gives every member a new number', async () => {
    const first = sessionOf(await register(registration())).user.number;
    const second = sessionOf(await register(registration())).user.number;
    expect(Number(second)).toBeGreaterThan(Number(first));
  });

  it('registers with an inactive office when the country has no decision-maker opt-in', async () => {
    const response = await register(registration({ officeId: 'DXBAE0002' }));
    expect(response.statusCode).toBe(200);
  });

  it("takes the country's default language when the language is missing or not the country's", async () => {
    for (const languageCode of [undefined, 'ell']) {
      const response = await register(registration({ languageCode }));
      const [row] = await t.database.db
        .select()
        .from(agents)
        .where(eq(agents.id, sessionOf(response).user.id));
      expect(row?.languageCode).toBe('ara');
    }
  });

  it('keeps the sign for Austria only', async () => {
    const austrian = await register(
      registration({ countryCode: 'at', languageCode: 'deu', officeId: 'VIEAT0001', sign: '1234' }),
    );
    expect(austrian.statusCode).toBe(200);
    expect(sessionOf(austrian).user.sign).toBe('1234');
    const other = await register(registration({ sign: '1234' }));
    expect(sessionOf(other).user.sign).toBe('');
  });
});

describe('POST /s2c/auth/v1/agents with double opt-in (gr)', () => {
  it('registers a pending member without a session and queues the confirmation email in the same transaction', async () => {
    const email = uniqueEmail();
    const response = await register(
      registration({ countryCode: 'gr', languageCode: 'ell', officeId: 'ATHGR0001', email }),
    );
    expect(response.statusCode).toBe(200);
    const { user, token } = sessionOf(response);
    expect(token).toBeNull();
    expect(user).toMatchObject({ countryCode: 'gr', officeId: 'ATHGR0001' });
    const [row] = await t.database.db.select().from(agents).where(eq(agents.id, user.id));
    expect(row).toMatchObject({ status: 'pending', activatedAt: null, languageCode: 'ell' });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email));
    expect(mails).toMatchObject([{ template: 'confirm-email' }]);
    const links = await t.database.db
      .select()
      .from(agentLinks)
      .where(eq(agentLinks.agentId, user.id));
    expect(links).toMatchObject([{ purpose: 'confirm-email', usedAt: null }]);
    // Pending members cannot log in yet.
    const login = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/token/agent',
      headers: formHeaders,
      payload: form({ username: user.number, password: 'travel2030' }),
    });
    expect(login.statusCode).toBe(403);
  });
});

describe('server-only checks', () => {
  it.each([
    ['an unknown office', { officeId: 'NOPE0001' }, 'Office ID not found'],
    ["another country's office", { officeId: 'ATHGR0001' }, 'Office ID not found'],
    // Found by src/security/bad-input.test.ts: the office query failed on the NUL (500).
    ['an office ID with a NUL character', { officeId: 'DXBAE\u00000001' }, 'Office ID not found'],
    [
      'a direct-sales office',
      { countryCode: 'gr', officeId: 'ATHGR0009' },
      'This office ID belongs to a direct-sales office, whose agents use the direct-access platform.',
    ],
    [
      'an inactive office with decision-maker opt-in',
      { countryCode: 'gr', officeId: 'athgr0002' },
      'Your agency has not joined the club yet. Ask your manager for access.',
    ],
  ])('answers 400 on officeId for %s', async (_name, overrides, message) => {
    const response = await register(registration(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      data: { officeId: message, requestId: expect.any(String) as unknown },
    });
  });

  it('refuses a well-known password with its own message, and registers no one', async () => {
    const email = uniqueEmail();
    const response = await register(
      registration({ email, password: 'Qwerty123', passwordRepeat: 'Qwerty123' }),
    );
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toMatchObject({
      password: 'This password is too common. Please choose another one.',
    });
    expect(await t.database.db.select().from(agents).where(eq(agents.email, email))).toEqual([]);
  });

  it('answers 400 on email for an address already registered, in any case and any state', async () => {
    const existing = await createAgent(t.database.db, { email: 'Already.Here@agent.example' });
    const deleted = await createAgent(t.database.db, {
      email: 'gone@agent.example',
      status: 'deleted',
    });
    for (const email of ['already.here@AGENT.example', existing.email, deleted.email]) {
      const response = await register(registration({ email }));
      expect(response.statusCode, email).toBe(400);
      expect(fieldsOf(response)).toMatchObject({
        email: 'This email address is already registered',
      });
    }
    const count = await t.database.db
      .select()
      .from(agents)
      .where(eq(agents.email, 'already.here@AGENT.example'));
    expect(count).toEqual([]);
  });

  it('tells nothing about the email while another field is wrong (no email oracle)', async () => {
    const existing = await createAgent(t.database.db);
    const stranger = uniqueEmail();
    for (const officeId of ['NOPE0001', 'ATHGR0001']) {
      const member = await register(registration({ officeId, email: existing.email }));
      const nobody = await register(registration({ officeId, email: stranger }));
      expect(member.statusCode).toBe(400);
      expect(fieldsOf(member)).toEqual({
        officeId: 'Office ID not found',
        requestId: expect.any(String) as unknown,
      });
      expect({ ...fieldsOf(nobody), requestId: '' }).toEqual({
        ...fieldsOf(member),
        requestId: '',
      });
    }
    // A field the contract checks: the schema answers, and never about the email.
    const badPhone = await register(registration({ phone: 'call me', email: existing.email }));
    expect(badPhone.statusCode).toBe(400);
    expect(fieldsOf(badPhone).email).toBeUndefined();
    // With every other field valid, the spec's message (spec 1 §5).
    const valid = await register(registration({ email: existing.email }));
    expect(fieldsOf(valid).email).toBe('This email address is already registered');
  });

  it('answers 400 on countryCode for a country that is not in the club', async () => {
    const response = await register(registration({ countryCode: 'fr' }));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response).countryCode).toBe('Select a country of the club');
  });

  it('registers only one of two simultaneous registrations with one email', async () => {
    const email = uniqueEmail();
    const answers = await Promise.all([
      register(registration({ email })),
      register(registration({ email: email.toUpperCase() })),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const rejected = answers.find((answer) => answer.statusCode === 400)!;
    expect(fieldsOf(rejected).email).toBe('This email address is already registered');
  });
});

describe('registration attempts per client address', () => {
  let limited: TestApp;
  let clock = Date.parse('2030-04-01T09:00:00Z');
  beforeAll(async () => {
    limited = await createTestApp({
      database: t.database,
      now: () => clock,
      config: {
        requestLimits: { ...t.config.requestLimits, registrationsPerAddress: 3 },
        loginLimits: { ...t.config.loginLimits, backoffMaxSeconds: 60 },
      },
    });
  });
  afterAll(() => limited.close());

  const registerFrom = (address: string, values: Record<string, string | undefined>) =>
    limited.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/agents',
      headers: formHeaders,
      payload: form(values),
      remoteAddress: address,
    });

  it('counts every attempt, then backs off with 429 and Retry-After; other addresses go on', async () => {
    const existing = await createAgent(t.database.db);
    const prober = '198.51.100.7';
    // Three free attempts, whatever they answer: a probe of a registered address counts too.
    expect((await registerFrom(prober, registration({ email: existing.email }))).statusCode).toBe(
      400,
    );
    expect((await registerFrom(prober, registration())).statusCode).toBe(200);
    expect((await registerFrom(prober, registration({ officeId: 'NOPE0001' }))).statusCode).toBe(
      400,
    );
    // The fourth is counted and sets the first block (1 s); the fifth is refused unchecked.
    expect((await registerFrom(prober, registration({ email: existing.email }))).statusCode).toBe(
      400,
    );
    const email = uniqueEmail();
    const refused = await registerFrom(prober, registration({ email }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      data: { message: 'Too many attempts. Please try again in a few minutes.' },
    });
    expect(refused.headers['retry-after']).toBe('1');
    expect(await t.database.db.select().from(agents).where(eq(agents.email, email))).toEqual([]);
    // Another address is not held back.
    expect((await registerFrom('198.51.100.8', registration())).statusCode).toBe(200);
    // Once the block has passed the next attempt is answered, and blocks twice as long.
    clock += 1000;
    expect((await registerFrom(prober, registration({ email }))).statusCode).toBe(200);
    expect((await registerFrom(prober, registration())).headers['retry-after']).toBe('2');
  });
});

describe('the validation table, through the server', () => {
  const newPassword = 'Minimum 7 characters, maximum 20 characters, must contain letter and digit';
  const name = 'Only latin letters, spaces, commas, points and hyphens allowed';
  it.each([
    ['agreeWithConditions', { agreeWithConditions: undefined }, 'Field is required'],
    ['agreeWithConditions', { agreeWithConditions: 'false' }, 'Field is required'],
    ['firstName', { firstName: '' }, 'Field is required'],
    ['firstName', { firstName: 'Jürgen' }, name],
    ['firstName', { firstName: 'R2D2' }, name],
    ['firstName', { firstName: 'a'.repeat(256) }, 'Max length exceeded'],
    ['lastName', { lastName: undefined }, 'Field is required'],
    ['lastName', { lastName: 'Smith & Sons' }, name],
    ['title', { title: '' }, 'Field is required'],
    ['password', { password: '', passwordRepeat: '' }, 'Field is required'],
    ['password', { password: 'abc12', passwordRepeat: 'abc12' }, newPassword],
    ['password', { password: 'abcdefgh', passwordRepeat: 'abcdefgh' }, newPassword],
    ['password', { password: '12345678', passwordRepeat: '12345678' }, newPassword],
    [
      'password',
      { password: 'abcdefghij1234567890x', passwordRepeat: 'abcdefghij1234567890x' },
      newPassword,
    ],
    ['passwordRepeat', { passwordRepeat: '' }, 'Field is required'],
    ['passwordRepeat', { passwordRepeat: 'travel2031' }, 'Password mismatch'],
    ['officeId', { officeId: '' }, 'Field is required'],
    ['officeId', { officeId: 'A'.repeat(21) }, 'Maximum 20 characters'],
    ['email', { email: undefined }, 'Field is required'],
    ['email', { email: 'agent.example' }, 'Wrong format, e.g. name@example.com'],
    ['email', { email: 'agent@example' }, 'Wrong format, e.g. name@example.com'],
    ['email', { email: 'agent@example.c0m' }, 'Wrong format, e.g. name@example.com'],
    ['email', { email: `${'a'.repeat(248)}@e.co` }, 'Wrong format, e.g. name@example.com'],
    ['email', { email: `${'a'.repeat(251)}@e.co` }, 'Max length exceeded'],
    ['phone', { phone: '123456' }, 'Wrong format, e.g. +30 2101234567'],
    ['phone', { phone: '+30 21012345678' }, 'Wrong format, e.g. +30 2101234567'],
    ['phone', { phone: 'call me' }, 'Wrong format, e.g. +30 2101234567'],
    ['phone', { phone: '+3012345678901234567890' }, 'Wrong format, e.g. +30 2101234567'],
    [
      'sign',
      { countryCode: 'at', officeId: 'VIEAT0001', sign: '123' },
      'Geben Sie die ersten 4 Ziffern',
    ],
    [
      'sign',
      { countryCode: 'at', officeId: 'VIEAT0001', sign: '12345' },
      'Geben Sie die ersten 4 Ziffern',
    ],
    [
      'sign',
      { countryCode: 'at', officeId: 'VIEAT0001', sign: 'abcd' },
      'Geben Sie die ersten 4 Ziffern',
    ],
    ['birthdayDay', { birthdayDay: '00' }, "Pattern doesn't match"],
    ['birthdayDay', { birthdayDay: '32' }, "Pattern doesn't match"],
    ['birthdayMonth', { birthdayMonth: '13' }, "Pattern doesn't match"],
    ['address', { address: 'x'.repeat(256) }, 'Max length exceeded'],
  ])('answers 400 on %s with the rule message (case %#)', async (field, overrides, message) => {
    const response = await register(registration(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { [field]: message, requestId: expect.any(String) as unknown },
    });
  });

  it('accepts the optional fields empty', async () => {
    const response = await register(
      registration({ phone: '', birthdayDay: '', birthdayMonth: '', newsletter: undefined }),
    );
    expect(response.statusCode).toBe(200);
    expect(sessionOf(response).user).toMatchObject({ phone: '', newsletter: false });
  });

  it('never answers 500 to malformed bodies', async () => {
    for (const [payload, type] of [
      ['', 'application/x-www-form-urlencoded'],
      ['firstName=a&firstName=b', 'application/x-www-form-urlencoded'],
      ['{"countryCode":["gr"],"title":{}}', 'application/json'],
      ['null', 'application/json'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/s2c/auth/v1/agents',
        headers: { 'content-type': type },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });
});
