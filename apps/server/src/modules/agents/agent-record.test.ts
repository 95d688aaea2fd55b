import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAgent, createOffice } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { verifyPassword } from './password.js';
import { agents } from './schema.js';
import {
  bearer,
  form,
  formHeaders,
  login,
  sessionToken,
  userOf,
} from '../../testing/agent-requests.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * A valid profile form, as the web app sends it. Its email is a new one: a
 * test that keeps the member's email, or changes it with the current
 * password, says so.
 */
const profile = (overrides: Record<string, string | undefined> = {}) => ({
  title: 'ms',
  giftDeliveryAddress: '5 Gift Lane, Athens',
  phone: '+30 2101234567',
  email: `profile-${Math.random().toString(36).slice(2)}@agent.example`,
  birthdayDay: '07',
  birthdayMonth: '11',
  password: '',
  passwordRepeat: '',
  newsletter: 'on',
  sign: '',
  ...overrides,
});

const update = (
  id: number | string,
  token: string | undefined,
  values: Record<string, string | undefined>,
) =>
  t.app.inject({
    method: 'PUT',
    url: `/s2c/auth/v1/agents/${id}`,
    headers: { ...formHeaders, ...(token === undefined ? {} : bearer(token)) },
    payload: form(values),
  });

const read = (id: number | string, token?: string) =>
  t.app.inject({
    url: `/s2c/auth/v1/agents/${id}`,
    headers: token === undefined ? {} : bearer(token),
  });

const acceptTerms = (id: number | string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/s2c/auth/v1/agents/${id}/terms-acceptance`,
    headers: token === undefined ? {} : bearer(token),
  });

describe("a member's own record only", () => {
  it("answers 403 to member A on B's id for GET, PUT and terms, and leaves B unchanged", async () => {
    const a = await createAgent(t.database.db);
    const b = await createAgent(t.database.db, { termsAcceptedAt: null, phone: '2101111111' });
    const token = await sessionToken(t.app, a.number, a.password);
    const before = await t.database.db.select().from(agents).where(eq(agents.id, b.id));

    for (const response of [
      await read(b.id, token),
      await update(b.id, token, profile({ password: 'taken0ver', passwordRepeat: 'taken0ver' })),
      await acceptTerms(b.id, token),
      await read(`${b.id}abc`, token),
      await read('0', token),
      await read('-1', token),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'FORBIDDEN', data: null });
    }
    expect(await t.database.db.select().from(agents).where(eq(agents.id, b.id))).toEqual(before);
    expect((await login(t.app, b.number, b.password)).statusCode).toBe(200);
  });

  it('answers 401 before anything else without a session, even for a bad body', async () => {
    const a = await createAgent(t.database.db);
    for (const response of [
      await read(a.id),
      await update(a.id, undefined, {}),
      await acceptTerms(a.id),
      await update(a.id, 'x'.repeat(43), {}),
    ]) {
      expect(response.statusCode).toBe(401);
    }
  });

  it('answers the User of the contract, never a password or hash', async () => {
    const office = await createOffice(t.database.db, { agencyName: 'Record Travel' });
    const a = await createAgent(t.database.db, {
      officeId: office.officeId,
      firstName: 'Eleni',
      address: '1 Test Street, Athens, 10558',
    });
    const token = await sessionToken(t.app, a.number, a.password);
    const response = await read(a.id, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        id: a.id,
        number: a.number,
        countryCode: 'gr',
        firstName: 'Eleni',
        lastName: 'Agent',
        title: 'mr',
        email: a.email,
        phone: '',
        birthdayDay: '',
        birthdayMonth: '',
        newsletter: false,
        sign: '',
        officeId: office.officeId,
        agency: 'Record Travel',
        address: '1 Test Street, Athens, 10558',
        giftDeliveryAddress: '',
        agentAcceptedTermsAndConditions: true,
        isAmadeusDirectUser: false,
      },
    });
  });
});

describe('PUT /s2c/auth/v1/agents/{id} (profile update)', () => {
  it('updates the editable fields and answers the updated member', async () => {
    const a = await createAgent(t.database.db);
    const token = await sessionToken(t.app, a.number, a.password);
    const values = profile({ sign: '1234', email: a.email });
    const response = await update(a.id, token, values);
    expect(response.statusCode).toBe(200);
    expect(userOf(response)).toMatchObject({
      title: 'ms',
      giftDeliveryAddress: '5 Gift Lane, Athens',
      phone: '+30 2101234567',
      email: a.email,
      birthdayDay: '07',
      birthdayMonth: '11',
      newsletter: true,
      // The sign applies to Austria only.
      sign: '',
      // Read-only fields stay.
      number: a.number,
      firstName: a.firstName,
    });
    expect(userOf(await read(a.id, token)).email).toBe(values.email);
  });

  it('keeps the sign of an Austrian member', async () => {
    const office = await createOffice(t.database.db, { countryCode: 'at' });
    const a = await createAgent(t.database.db, { countryCode: 'at', officeId: office.officeId });
    const token = await sessionToken(t.app, a.number, a.password);
    const response = await update(a.id, token, profile({ sign: '4321', email: a.email }));
    expect(userOf(response).sign).toBe('4321');
  });

  it.each([
    ['title', { title: '' }, 'Field is required'],
    ['title', { title: 'king' }, 'Field is required'],
    ['giftDeliveryAddress', { giftDeliveryAddress: 'x'.repeat(256) }, 'Max length exceeded'],
    // Found by src/security/bad-input.test.ts: the database refused the NUL and the call answered 500.
    ['giftDeliveryAddress', { giftDeliveryAddress: '5 Gift\u0000Lane' }, "Pattern doesn't match"],
    ['phone', { phone: '12' }, 'Wrong format, e.g. +30 2101234567'],
    ['phone', { phone: '+30 21012345678901234' }, 'Wrong format, e.g. +30 2101234567'],
    ['email', { email: '' }, 'Field is required'],
    ['email', { email: 'name@' }, 'Wrong format, e.g. name@example.com'],
    ['email', { email: `${'x'.repeat(251)}@e.co` }, 'Max length exceeded'],
    ['email', { email: `${'x'.repeat(248)}@e.co` }, 'Wrong format, e.g. name@example.com'],
    ['birthdayDay', { birthdayDay: '32' }, "Pattern doesn't match"],
    ['birthdayMonth', { birthdayMonth: '13' }, "Pattern doesn't match"],
    [
      'password',
      { password: 'short1', passwordRepeat: 'short1' },
      'Minimum 7 characters, maximum 20 characters, must contain letter and digit',
    ],
    [
      'password',
      { password: 'lettersonly', passwordRepeat: 'lettersonly' },
      'Minimum 7 characters, maximum 20 characters, must contain letter and digit',
    ],
    [
      'password',
      { password: 'a1'.repeat(11), passwordRepeat: 'a1'.repeat(11) },
      'Minimum 7 characters, maximum 20 characters, must contain letter and digit',
    ],
    ['passwordRepeat', { password: 'newpass12', passwordRepeat: 'newpass13' }, 'Password mismatch'],
    ['sign', { sign: '123' }, 'Geben Sie die ersten 4 Ziffern'],
  ])('answers 400 on %s with the rule message (case %#)', async (field, overrides, message) => {
    const a = await createAgent(t.database.db);
    const token = await sessionToken(t.app, a.number, a.password);
    const response = await update(a.id, token, profile(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { [field]: message, requestId: expect.any(String) as unknown },
    });
  });

  it("never takes another member's email (in any case), without saying so, and takes the member's own", async () => {
    const other = await createAgent(t.database.db, { email: 'Taken.Address@agent.example' });
    const a = await createAgent(t.database.db, { email: 'mine@agent.example' });
    const token = await sessionToken(t.app, a.number, a.password);
    const taken = await update(
      a.id,
      token,
      profile({ email: 'taken.address@AGENT.example', oldPassword: a.password }),
    );
    // The same answer as for any new address (no oracle); the email stays the member's own.
    expect(taken.statusCode).toBe(200);
    const [stored] = await t.database.db
      .select({ email: agents.email })
      .from(agents)
      .where(eq(agents.id, a.id));
    expect(stored?.email).toBe('mine@agent.example');
    // Another member, since a new email is asked for once per resend quiet time.
    const b = await createAgent(t.database.db, { email: 'own@agent.example' });
    const own = await update(
      b.id,
      await sessionToken(t.app, b.number, b.password),
      profile({ email: 'OWN@agent.example', oldPassword: b.password }),
    );
    expect(own.statusCode).toBe(200);
    expect(other.email).toBe('Taken.Address@agent.example');
  });

  it('changes the password: the new one logs in, the old one not, other sessions end and this one stays', async () => {
    const a = await createAgent(t.database.db);
    const elsewhere = await sessionToken(t.app, a.number, a.password);
    const token = await sessionToken(t.app, a.number, a.password);
    const response = await update(
      a.id,
      token,
      profile({
        password: 'brandnew42',
        passwordRepeat: 'brandnew42',
        oldPassword: a.password,
        email: a.email,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(JSON.stringify(response.json())).not.toContain('brandnew42');
    expect((await read(a.id, token)).statusCode).toBe(200);
    expect((await read(a.id, elsewhere)).statusCode).toBe(401);
    expect((await login(t.app, a.number, a.password)).statusCode).toBe(401);
    expect((await login(t.app, a.number, 'brandnew42')).statusCode).toBe(200);
  });

  it('keeps the password when the field is empty', async () => {
    const a = await createAgent(t.database.db);
    const token = await sessionToken(t.app, a.number, a.password);
    expect((await update(a.id, token, profile({ email: a.email }))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(agents).where(eq(agents.id, a.id));
    expect(await verifyPassword(row!.passwordHash, a.password)).toBe(true);
  });
});

describe('POST /s2c/auth/v1/agents/{id}/terms-acceptance', () => {
  it('records the acceptance and answers the member with the flag set', async () => {
    const a = await createAgent(t.database.db, { termsAcceptedAt: null });
    const token = await sessionToken(t.app, a.number, a.password);
    expect(userOf(await read(a.id, token)).agentAcceptedTermsAndConditions).toBe(false);
    const response = await acceptTerms(a.id, token);
    expect(response.statusCode).toBe(200);
    expect(userOf(response)).toMatchObject({ id: a.id, agentAcceptedTermsAndConditions: true });
    expect(userOf(await read(a.id, token)).agentAcceptedTermsAndConditions).toBe(true);
  });

  it('takes a form-encoded empty body as the web app sends it', async () => {
    const a = await createAgent(t.database.db, { termsAcceptedAt: null });
    const token = await sessionToken(t.app, a.number, a.password);
    const response = await t.app.inject({
      method: 'POST',
      url: `/s2c/auth/v1/agents/${a.id}/terms-acceptance`,
      headers: { ...formHeaders, ...bearer(token) },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });
});
