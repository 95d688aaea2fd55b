import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { agentLinks, agents } from '../agents/schema.js';
import { mailOutbox } from '../mail/schema.js';
import { getPage, lastLinkTo, outboxRows, submitPage } from '../../testing/account-helpers.js';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { sendConfirmEmail } from './confirm-email.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const invalidLink = 'Sorry for the inconvenience. The link is not valid any more.';
const alreadyActive = 'Your Amadeus+Me account is already active!';

async function pendingMember(overrides: Parameters<typeof createAgent>[1] = {}) {
  return createAgent(t.database.db, { status: 'pending', activatedAt: null, ...overrides });
}

async function statusOf(id: number) {
  const [row] = await t.database.db.select().from(agents).where(eq(agents.id, id));
  return row!.status;
}

async function mailsTo(email: string) {
  return (await outboxRows(t.database.db)).filter((row) => row.recipient === email);
}

/** Queues a confirmation mail as the registration does, and gives its link. */
async function confirmationLink(member: Awaited<ReturnType<typeof pendingMember>>): Promise<URL> {
  await t.database.db.transaction((tx) => sendConfirmEmail(tx, member));
  return lastLinkTo(t.database.db, member.email);
}

describe('sendConfirmEmail', () => {
  it('queues the confirm-email mail in the member language with a link to their country host', async () => {
    const member = await pendingMember({ languageCode: 'ell', firstName: 'Eleni' });
    const link = await confirmationLink(member);
    expect(link.origin).toBe('http://gr.localhost:3000');
    expect(link.pathname).toBe('/ell/registration-email-confirm');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [mail] = await mailsTo(member.email);
    expect(mail).toMatchObject({
      template: 'confirm-email',
      subject: 'Επιβεβαιώστε τη διεύθυνση email σας',
    });
    expect(mail!.text).toContain('Γεια σας Eleni,');
  });

  it('tells the member their number, which they log in with once confirmed', async () => {
    const member = await pendingMember();
    await confirmationLink(member);
    const [mail] = await mailsTo(member.email);
    expect(mail!.text).toContain(`Your member number is ${member.number}.`);
    // The number reads left to right in any language's mail.
    expect(mail!.html).toContain(`<strong><span dir="ltr">${member.number}</span></strong>`);
  });

  it('stores only a hash of the token', async () => {
    const member = await pendingMember();
    const token = (await confirmationLink(member)).searchParams.get('token')!;
    const rows = await t.database.db
      .select()
      .from(agentLinks)
      .where(eq(agentLinks.agentId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'confirm-email', usedAt: null });
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('leaves the language prefix out for the country default language', async () => {
    const arabic = await pendingMember({ countryCode: 'ae', languageCode: 'ara' });
    const english = await pendingMember({ countryCode: 'ae', languageCode: 'eng' });
    expect((await confirmationLink(arabic)).href).toMatch(
      /^http:\/\/ae\.localhost:3000\/registration-email-confirm\?token=/,
    );
    expect((await confirmationLink(english)).href).toMatch(
      /^http:\/\/ae\.localhost:3000\/eng\/registration-email-confirm\?token=/,
    );
  });
});

describe('registration-email-confirm', () => {
  it('answers the page on GET without using the link', async () => {
    const member = await pendingMember();
    const token = (await confirmationLink(member)).searchParams.get('token')!;
    const page = await getPage(t.app, 'registration-email-confirm', { token });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ name: 'registration-email-confirm', params: { token } });
    expect(await statusOf(member.id)).toBe('pending');
  });

  it('confirms through the emailed link, then reports the account as already active', async () => {
    const member = await pendingMember();
    const token = (await confirmationLink(member)).searchParams.get('token')!;
    const first = await submitPage(t.app, 'registration-email-confirm', { token });
    expect(first).toMatchObject({ status: 200, data: { errors: [], alreadyActivated: false } });
    expect(await statusOf(member.id)).toBe('active');
    const [row] = await t.database.db.select().from(agents).where(eq(agents.id, member.id));
    expect(row!.activatedAt).toBeInstanceOf(Date);

    const again = await submitPage(t.app, 'registration-email-confirm', { token });
    expect(again.data).toEqual({ errors: [alreadyActive], alreadyActivated: true });
  });

  it('answers the invalid-link state for an unknown, malformed, missing or expired link', async () => {
    const attempts: Record<string, string>[] = [
      { token: 'A'.repeat(43) },
      { token: 'not a token' },
      {},
      { token: "' or 1=1 --" },
    ];
    for (const values of attempts) {
      const answer = await submitPage(t.app, 'registration-email-confirm', values);
      expect(answer, JSON.stringify(values)).toMatchObject({
        status: 200,
        data: { errors: [invalidLink], alreadyActivated: false },
      });
    }
    const member = await pendingMember();
    const token = (await confirmationLink(member)).searchParams.get('token')!;
    await t.database.db
      .update(agentLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(agentLinks.agentId, member.id));
    const expired = await submitPage(t.app, 'registration-email-confirm', { token });
    expect(expired.data).toEqual({ errors: [invalidLink], alreadyActivated: false });
    expect(await statusOf(member.id)).toBe('pending');
  });

  it('a link of another purpose does not confirm', async () => {
    const member = await pendingMember();
    const token = (await confirmationLink(member)).searchParams.get('token')!;
    await t.database.db
      .update(agentLinks)
      .set({ purpose: 'reset-password' })
      .where(eq(agentLinks.agentId, member.id));
    const answer = await submitPage(t.app, 'registration-email-confirm', { token });
    expect(answer.data).toEqual({ errors: [invalidLink], alreadyActivated: false });
  });

  it('of two confirmations racing with one link, one wins', async () => {
    const member = await pendingMember();
    const token = (await confirmationLink(member)).searchParams.get('token')!;
    const answers = await Promise.all(
      [1, 2, 3].map(() => submitPage(t.app, 'registration-email-confirm', { token })),
    );
    const winners = answers.filter((answer) => (answer.data.errors as string[]).length === 0);
    expect(winners).toHaveLength(1);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
  });
});

describe('reconfirm', () => {
  const same = { emailReconfirmed: true, alreadyActivated: false, errorMessages: [] };

  it('sends a new confirmation link to a pending member', async () => {
    const member = await pendingMember({ email: 'Pending.Member@Travel.example' });
    const answer = await submitPage(t.app, 'reconfirm', {
      email: ' pending.member@travel.example ',
    });
    expect(answer).toEqual({ status: 200, data: same, code: undefined });
    const [mail] = await mailsTo(member.email);
    expect(mail!.template).toBe('confirm-email');
    const token = (await lastLinkTo(t.database.db, member.email)).searchParams.get('token')!;
    expect((await submitPage(t.app, 'registration-email-confirm', { token })).data).toEqual({
      errors: [],
      alreadyActivated: false,
    });
  });

  it('answers the same for an unknown address and an active member, and tells the active member to log in', async () => {
    const active = await createAgent(t.database.db, { languageCode: 'ell' });
    const before = (await outboxRows(t.database.db)).length;
    const unknown = await submitPage(t.app, 'reconfirm', { email: 'nobody@travel.example' });
    expect((await outboxRows(t.database.db)).length).toBe(before);
    const known = await submitPage(t.app, 'reconfirm', { email: active.email });
    expect(known).toEqual(unknown);
    expect(known.data).toEqual(same);
    const [mail] = await mailsTo(active.email);
    expect(mail).toMatchObject({
      template: 'already-active',
      subject: 'Ο λογαριασμός σας είναι ήδη ενεργός',
    });
    expect(mail!.text).toContain('http://gr.localhost:3000/ell/login');
    expect(mail!.text).not.toContain('token=');
  });

  it('sends one mail a minute at most, answering the same', async () => {
    const member = await pendingMember();
    await submitPage(t.app, 'reconfirm', { email: member.email });
    const again = await submitPage(t.app, 'reconfirm', { email: member.email });
    expect(again.data).toEqual(same);
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  it('answers validationMessages for a malformed or missing email', async () => {
    expect((await submitPage(t.app, 'reconfirm', { email: 'not-an-email' })).data).toEqual({
      validationMessages: { email: ['Wrong format, e.g. name@example.com'] },
    });
    expect((await submitPage(t.app, 'reconfirm', {})).data).toEqual({
      validationMessages: { email: ['Field is required'] },
    });
  });

  it('sends nothing for a deleted member', async () => {
    const deleted = await createAgent(t.database.db, { status: 'deleted', deletedAt: new Date() });
    await submitPage(t.app, 'reconfirm', { email: deleted.email });
    expect(await mailsTo(deleted.email)).toEqual([]);
    expect(
      await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, deleted.email)),
    ).toEqual([]);
  });
});

describe('the token of a link', () => {
  it('may also come in the query of the submit', async () => {
    const member = await pendingMember();
    const token = (await confirmationLink(member)).searchParams.get('token')!;
    const response = await t.app.inject({
      method: 'POST',
      url: `/s2c/content/v1/pages/registration-email-confirm/?token=${token}`,
      payload: {},
    });
    expect(response.json()).toEqual({ data: { errors: [], alreadyActivated: false } });
  });
});
