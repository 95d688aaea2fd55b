import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agents, type AgentLinkPurpose } from '../agents/schema.js';
import { verifyPassword } from '../agents/password.js';
import { bearer, form, formHeaders, login } from '../../testing/agent-requests.js';
import {
  getPage,
  lastLinkTo,
  logIn,
  outboxRows,
  sessionWorks,
  submitPage,
} from '../../testing/account-helpers.js';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { createLink, findLink } from './links.js';

/**
 * Account takeover with a stolen session token: a new password or email needs
 * the current password (counted by the login limits), a new email waits for
 * the link mailed to it, and a change of password or email, or a reset, ends
 * the other sessions and voids every open emailed link.
 */

let t: TestApp;
let clock = Date.parse('2030-06-01T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    config: {
      loginLimits: { ...testConfig().loginLimits, freeFailuresPerNumber: 3, backoffMaxSeconds: 8 },
    },
  });
});
afterAll(() => t.close());

const invalidLink = 'Sorry for the inconvenience. The link is not valid any more.';

/** Each test its own client address, so that per-address counts never meet. */
let addresses = 0;
const nextAddress = () => `10.9.0.${++addresses}`;

type Member = Awaited<ReturnType<typeof createAgent>>;

/** The member's profile as the web app sends it, with the given changes. */
const profileOf = (member: Member, changes: Record<string, string> = {}) => ({
  title: member.title,
  giftDeliveryAddress: '',
  phone: '',
  email: member.email,
  birthdayDay: '',
  birthdayMonth: '',
  password: '',
  passwordRepeat: '',
  newsletter: '',
  sign: '',
  ...changes,
});

const update = (member: Member, token: string, values: Record<string, string>, address = '') =>
  t.app.inject({
    method: 'PUT',
    url: `/s2c/auth/v1/agents/${member.id}`,
    headers: { ...formHeaders, ...bearer(token) },
    payload: form(values),
    ...(address === '' ? {} : { remoteAddress: address }),
  });

const storedMember = async (id: number) =>
  (await t.database.db.select().from(agents).where(eq(agents.id, id)))[0]!;

const mailsTo = async (email: string) =>
  (await outboxRows(t.database.db)).filter((row) => row.recipient === email);

/** One open link of every purpose the member can have mailed. */
async function openLinks(member: Member): Promise<Record<AgentLinkPurpose, string>> {
  const purposes: AgentLinkPurpose[] = [
    'confirm-email',
    'reset-password',
    'delete-account',
    'restore-account',
    'change-email',
  ];
  const tokens = {} as Record<AgentLinkPurpose, string>;
  for (const purpose of purposes) {
    tokens[purpose] = await t.database.db.transaction((tx) =>
      createLink(tx, {
        agentId: member.id,
        purpose,
        lifetimeMs: 3_600_000,
        ...(purpose === 'change-email' ? { email: `link-${member.number}@travel.example` } : {}),
      }),
    );
  }
  return tokens;
}

async function expectAllVoid(tokens: Record<AgentLinkPurpose, string>, except?: AgentLinkPurpose) {
  for (const [purpose, token] of Object.entries(tokens) as [AgentLinkPurpose, string][]) {
    if (purpose === except) continue;
    expect((await findLink(t.database.db, { token, purpose }))?.used, purpose).toBe(true);
  }
}

describe('the current password (oldPassword) for a new password or email', () => {
  it.each([
    ['a new password', { password: 'brandnew42', passwordRepeat: 'brandnew42' }],
    ['a new email', { email: 'moved@travel.example' }],
  ])('is required for %s: 400 on oldPassword, and nothing changes', async (_name, changes) => {
    const member = await createAgent(t.database.db);
    const token = await logIn(t.app, member.number, member.password);
    const before = await mailsTo(member.email);
    const response = await update(member, token, profileOf(member, changes));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { oldPassword: 'Field is required' },
    });
    const stored = await storedMember(member.id);
    expect(stored.email).toBe(member.email);
    expect(await verifyPassword(stored.passwordHash, member.password)).toBe(true);
    expect(await mailsTo(member.email)).toEqual(before);
    expect(await mailsTo('moved@travel.example')).toEqual([]);
  });

  it('is not asked for when neither the password nor the email changes', async () => {
    const member = await createAgent(t.database.db);
    const token = await logIn(t.app, member.number, member.password);
    const response = await update(member, token, profileOf(member, { phone: '+30 2101234567' }));
    expect(response.statusCode).toBe(200);
  });

  it("answers the spec's old-password rule for a current password of the wrong form", async () => {
    const member = await createAgent(t.database.db);
    const token = await logIn(t.app, member.number, member.password);
    const response = await update(
      member,
      token,
      profileOf(member, { email: 'moved2@travel.example', oldPassword: 'abc' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      data: { oldPassword: 'Minimum 6 characters, maximum 20 characters' },
    });
  });

  it('refuses a wrong one with 400, counts it as a failed login, then blocks both with 429', async () => {
    const member = await createAgent(t.database.db);
    const token = await logIn(t.app, member.number, member.password);
    const address = nextAddress();
    const guess = (oldPassword: string) =>
      update(
        member,
        token,
        profileOf(member, { password: 'brandnew42', passwordRepeat: 'brandnew42', oldPassword }),
        address,
      );
    // Three free failures, the fourth is answered and then blocks (1 s).
    for (let failure = 1; failure <= 4; failure++) {
      const wrong = await guess(`wrong${failure}pass`);
      expect(wrong.statusCode, `guess ${failure}`).toBe(400);
      expect(wrong.json()).toMatchObject({ data: { oldPassword: 'Invalid Password' } });
    }
    const blocked = await guess(member.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      data: { oldPassword: 'Too many attempts. Please try again in a few minutes.' },
    });
    // The same count holds the login of the member's number.
    expect((await login(t.app, member.number, member.password, nextAddress())).statusCode).toBe(
      429,
    );
    expect(
      await verifyPassword((await storedMember(member.id)).passwordHash, member.password),
    ).toBe(true);
    clock += 1000;
    expect((await guess(member.password)).statusCode).toBe(200);
  });

  it('takes the right one and starts the count afresh', async () => {
    const member = await createAgent(t.database.db);
    const token = await logIn(t.app, member.number, member.password);
    const address = nextAddress();
    for (let failure = 1; failure <= 3; failure++) {
      const wrong = await update(
        member,
        token,
        profileOf(member, { email: 'x1@travel.example', oldPassword: 'wrong1pass' }),
        address,
      );
      expect(wrong.statusCode).toBe(400);
    }
    const right = await update(
      member,
      token,
      profileOf(member, { email: 'x1@travel.example', oldPassword: member.password }),
      address,
    );
    expect(right.statusCode).toBe(200);
    // Counted from zero again: three more failures are free.
    for (let failure = 1; failure <= 3; failure++) {
      expect((await login(t.app, member.number, 'wrong1pass', address)).statusCode).toBe(401);
    }
    expect((await login(t.app, member.number, member.password, address)).statusCode).toBe(200);
  });
});

describe('a new email', () => {
  it('stays pending until its link is followed: login and mail keep the old address, which is told', async () => {
    const member = await createAgent(t.database.db, { firstName: 'Maria' });
    const token = await logIn(t.app, member.number, member.password);
    const response = await update(
      member,
      token,
      profileOf(member, { email: 'Maria.New@travel.example', oldPassword: member.password }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { email: member.email } });
    expect((await storedMember(member.id)).email).toBe(member.email);

    // The new address gets the link to its confirmation page.
    const [confirm] = await mailsTo('Maria.New@travel.example');
    expect(confirm).toMatchObject({ template: 'email-change-confirm' });
    expect(confirm!.text).toContain('Maria.New@travel.example');
    const link = await lastLinkTo(t.database.db, 'Maria.New@travel.example');
    expect(link.pathname).toBe('/email-change-confirm');
    expect(link.hostname).toBe('gr.localhost');

    // The old address is told, with the new address and a way to reach support.
    const told = (await mailsTo(member.email)).find(
      (row) => row.template === 'email-change-requested',
    );
    expect(told?.text).toContain('Maria.New@travel.example');
    expect(told?.text).toContain('club@fixture.example');
    expect(told?.html).toContain('club@fixture.example');

    // Until then the member logs in as before, and recovery mail goes to the old address.
    expect(await sessionWorks(t.app, member.id, token)).toBe(true);
    await submitPage(t.app, 'retrieve-password', { email: 'Maria.New@travel.example' });
    expect((await mailsTo('Maria.New@travel.example')).length).toBe(1);
    await submitPage(t.app, 'retrieve-password', { email: member.email });
    expect((await mailsTo(member.email)).map((row) => row.template)).toContain('reset-password');
  });

  it('takes effect through its link once: every session ends and every open link is void', async () => {
    const member = await createAgent(t.database.db);
    const here = await logIn(t.app, member.number, member.password);
    const elsewhere = await logIn(t.app, member.number, member.password);
    expect(
      (
        await update(
          member,
          here,
          profileOf(member, { email: 'confirmed@travel.example', oldPassword: member.password }),
        )
      ).statusCode,
    ).toBe(200);
    const token = (await lastLinkTo(t.database.db, 'confirmed@travel.example')).searchParams.get(
      'token',
    )!;
    const links = await openLinks(member);

    // Opening the page (GET) uses nothing; the page's post does.
    expect((await getPage(t.app, 'email-change-confirm', { token })).status).toBe(200);
    expect((await storedMember(member.id)).email).toBe(member.email);
    const answer = await submitPage(t.app, 'email-change-confirm', { token });
    expect(answer).toMatchObject({ status: 200, data: { emailChanged: true, errors: [] } });
    expect((await storedMember(member.id)).email).toBe('confirmed@travel.example');
    expect(await sessionWorks(t.app, member.id, here)).toBe(false);
    expect(await sessionWorks(t.app, member.id, elsewhere)).toBe(false);
    await expectAllVoid(links);
    expect(
      (await getPage(t.app, 'forgot-password', { token: links['reset-password'] })).data,
    ).toMatchObject({ linkValid: false });

    // The member logs in again; the link does not work twice.
    const fresh = await logIn(t.app, member.number, member.password);
    expect(await sessionWorks(t.app, member.id, fresh)).toBe(true);
    const again = await submitPage(t.app, 'email-change-confirm', { token });
    expect(again.data).toEqual({ emailChanged: false, errors: [invalidLink] });
    expect(await sessionWorks(t.app, member.id, fresh)).toBe(true);
  });

  it('voids the link of an earlier new email when another is asked for', async () => {
    const member = await createAgent(t.database.db);
    const token = await logIn(t.app, member.number, member.password);
    const ask = (email: string) =>
      update(member, token, profileOf(member, { email, oldPassword: member.password }));
    expect((await ask('first-try@travel.example')).statusCode).toBe(200);
    const first = (await lastLinkTo(t.database.db, 'first-try@travel.example')).searchParams.get(
      'token',
    )!;
    // Past the quiet time between two new emails of a member (email-change-abuse.test.ts).
    clock += t.config.mail.resendQuietMs + 1000;
    expect((await ask('second-try@travel.example')).statusCode).toBe(200);
    expect((await submitPage(t.app, 'email-change-confirm', { token: first })).data).toEqual({
      emailChanged: false,
      errors: [invalidLink],
    });
    expect((await storedMember(member.id)).email).toBe(member.email);
  });

  it('is refused at its link when another member registered the address meanwhile', async () => {
    const member = await createAgent(t.database.db);
    const token = await logIn(t.app, member.number, member.password);
    const ask = await update(
      member,
      token,
      profileOf(member, { email: 'contested@travel.example', oldPassword: member.password }),
    );
    expect(ask.statusCode).toBe(200);
    const link = (await lastLinkTo(t.database.db, 'contested@travel.example')).searchParams.get(
      'token',
    )!;
    await createAgent(t.database.db, { email: 'Contested@travel.example' });
    expect((await submitPage(t.app, 'email-change-confirm', { token: link })).data).toEqual({
      emailChanged: false,
      errors: ['This email address is already registered'],
    });
    expect((await storedMember(member.id)).email).toBe(member.email);
    expect(await sessionWorks(t.app, member.id, token)).toBe(true);
  });

  it('answers the invalid-link message to a token that is no link', async () => {
    for (const token of ['', 'x', 'A'.repeat(43)]) {
      expect((await submitPage(t.app, 'email-change-confirm', { token })).data).toEqual({
        emailChanged: false,
        errors: [invalidLink],
      });
    }
  });
});

describe('a new password', () => {
  it('ends every other session, voids every open link, withdraws a deletion request, and tells the member', async () => {
    const member = await createAgent(t.database.db);
    const here = await logIn(t.app, member.number, member.password);
    const elsewhere = await logIn(t.app, member.number, member.password);
    expect((await submitPage(t.app, 'profile-delete', {}, { token: here })).data).toMatchObject({
      deleteLinkSent: true,
    });
    const links = await openLinks(member);
    const response = await update(
      member,
      here,
      profileOf(member, {
        password: 'brandnew42',
        passwordRepeat: 'brandnew42',
        oldPassword: member.password,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(await sessionWorks(t.app, member.id, here)).toBe(true);
    expect(await sessionWorks(t.app, member.id, elsewhere)).toBe(false);
    await expectAllVoid(links);
    expect((await storedMember(member.id)).status).toBe('active');
    expect((await getPage(t.app, 'profile-delete', {}, here)).data).toMatchObject({
      deleteLinkSent: false,
    });
    const told = (await mailsTo(member.email)).find((row) => row.template === 'password-changed');
    expect(told?.text).toContain('club@fixture.example');
    expect(told?.text).not.toContain('brandnew42');
  });

  it('and a new email together: the password is changed, the email waits for its link', async () => {
    const member = await createAgent(t.database.db);
    const token = await logIn(t.app, member.number, member.password);
    const response = await update(
      member,
      token,
      profileOf(member, {
        password: 'brandnew42',
        passwordRepeat: 'brandnew42',
        email: 'both@travel.example',
        oldPassword: member.password,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect((await storedMember(member.id)).email).toBe(member.email);
    // The link of the new email is made after the other links are voided: it works.
    const link = (await lastLinkTo(t.database.db, 'both@travel.example')).searchParams.get(
      'token',
    )!;
    expect((await submitPage(t.app, 'email-change-confirm', { token: link })).data).toEqual({
      emailChanged: true,
      errors: [],
    });
    expect((await login(t.app, member.number, 'brandnew42', nextAddress())).statusCode).toBe(200);
  });
});

describe('a password reset', () => {
  it('ends every session and voids every other open link, and tells the member', async () => {
    const member = await createAgent(t.database.db);
    const session = await logIn(t.app, member.number, member.password);
    const links = await openLinks(member);
    const answer = await submitPage(t.app, 'forgot-password', {
      token: links['reset-password'],
      password: 'resetnew42',
      passwordRepeat: 'resetnew42',
    });
    expect(answer.data).toEqual({ success: true });
    expect(await sessionWorks(t.app, member.id, session)).toBe(false);
    await expectAllVoid(links);
    // A pending new email from before the reset does not take effect any more.
    expect(
      (await submitPage(t.app, 'email-change-confirm', { token: links['change-email'] })).data,
    ).toEqual({ emailChanged: false, errors: [invalidLink] });
    expect((await mailsTo(member.email)).map((row) => row.template)).toContain('password-changed');
  });
});
