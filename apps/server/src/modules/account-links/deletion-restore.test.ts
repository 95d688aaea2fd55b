import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { agentLinks, agents } from '../agents/schema.js';
import {
  getPage,
  lastLinkTo,
  logIn,
  outboxRows,
  sessionWorks,
  submitPage,
} from '../../testing/account-helpers.js';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // The Emirates keep deleted accounts 14 days, every other country the default 30.
  t = await createTestApp({
    config: { linkLifeTime: { defaultDays: 30, byCountry: { ae: 14 } } },
  });
});
afterAll(() => t.close());

const invalidLink = 'Sorry for the inconvenience. The link is not valid any more.';

async function member(overrides: Parameters<typeof createAgent>[1] = {}) {
  const agent = await createAgent(t.database.db, { password: 'secret123', ...overrides });
  return { ...agent, token: await logIn(t.app, agent.number, 'secret123') };
}

async function record(id: number) {
  const [row] = await t.database.db.select().from(agents).where(eq(agents.id, id));
  return row!;
}

async function mailsTo(email: string) {
  return (await outboxRows(t.database.db)).filter((row) => row.recipient === email);
}

/** Asks for the delete link as the member and gives its token. */
async function deleteToken(m: Awaited<ReturnType<typeof member>>): Promise<string> {
  const answer = await submitPage(t.app, 'profile-delete', {}, { token: m.token });
  expect(answer.status).toBe(200);
  return (await lastLinkTo(t.database.db, m.email)).searchParams.get('token')!;
}

/** A member deleted through the flow, logged out; gives the member. */
async function deletedMember(overrides: Parameters<typeof createAgent>[1] = {}) {
  const m = await member(overrides);
  const token = await deleteToken(m);
  const answer = await submitPage(t.app, 'delete-confirm', { token }, { token: m.token });
  expect(answer.data).toMatchObject({ errorMessageList: [] });
  return m;
}

async function restoreToken(email: string, number: string): Promise<string> {
  const answer = await submitPage(t.app, 'restore', { email, number });
  expect(answer.data).toEqual({
    restoreLinkSent: true,
    errorMessageList: [],
    alreadyRestored: false,
  });
  return (await lastLinkTo(t.database.db, email)).searchParams.get('token')!;
}

describe('profile-delete (members only)', () => {
  it('answers 401 to guests', async () => {
    expect((await getPage(t.app, 'profile-delete')).status).toBe(401);
    expect((await submitPage(t.app, 'profile-delete', {})).status).toBe(401);
  });

  it('shows the state, sends the delete link, then shows that it was sent', async () => {
    const m = await member({ languageCode: 'ell', firstName: 'Giorgos' });
    const before = await getPage(t.app, 'profile-delete', {}, m.token);
    expect(before).toMatchObject({
      status: 200,
      data: { title: 'Delete your account', deleteLinkSent: false, linkLifeTime: 30 },
    });

    const answer = await submitPage(t.app, 'profile-delete', {}, { token: m.token });
    expect(answer.data).toEqual({ deleteLinkSent: true, linkLifeTime: 30 });
    const [mail] = await mailsTo(m.email);
    expect(mail).toMatchObject({
      template: 'delete-account',
      subject: 'Επιβεβαίωση διαγραφής του λογαριασμού σας',
    });
    expect(mail!.text).toContain('για 30 ημέρες');
    const link = await lastLinkTo(t.database.db, m.email);
    expect(`${link.origin}${link.pathname}`).toBe('http://gr.localhost:3000/ell/delete-confirm');

    const after = await getPage(t.app, 'profile-delete', {}, m.token);
    expect(after.data).toMatchObject({ title: 'Deletion Acceptance', deleteLinkSent: true });
    expect((await record(m.id)).status).toBe('deletion_requested');
    // Asking to leave does not log the member out.
    expect(await sessionWorks(t.app, m.id, m.token)).toBe(true);

    // Resend: a second link, a second mail.
    expect((await submitPage(t.app, 'profile-delete', {}, { token: m.token })).data).toEqual({
      deleteLinkSent: true,
      linkLifeTime: 30,
    });
    expect(await mailsTo(m.email)).toHaveLength(2);
  });

  it("tells the country's linkLifeTime", async () => {
    const m = await member({ countryCode: 'ae', languageCode: 'ara' });
    expect((await getPage(t.app, 'profile-delete', {}, m.token)).data).toMatchObject({
      linkLifeTime: 14,
    });
    expect((await submitPage(t.app, 'profile-delete', {}, { token: m.token })).data).toEqual({
      deleteLinkSent: true,
      linkLifeTime: 14,
    });
    const [mail] = await mailsTo(m.email);
    expect(mail!.subject).toBe('تأكيد حذف حسابك');
    expect(mail!.text).toContain('14');
  });
});

describe('delete-confirm (members only)', () => {
  it('answers 401 to guests', async () => {
    expect((await submitPage(t.app, 'delete-confirm', { token: 'C'.repeat(43) })).status).toBe(401);
  });

  it('deletes the member through their link, ends every session, and points to the restore page', async () => {
    const m = await member();
    const other = await logIn(t.app, m.number, 'secret123');
    const token = await deleteToken(m);
    const answer = await submitPage(t.app, 'delete-confirm', { token }, { token: m.token });
    expect(answer).toMatchObject({
      status: 200,
      data: {
        errorMessageList: [],
        linkLifeTime: 30,
        actionLink: 'http://gr.localhost:3000/restore',
      },
    });
    const row = await record(m.id);
    expect(row.status).toBe('deleted');
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await sessionWorks(t.app, m.id, m.token)).toBe(false);
    expect(await sessionWorks(t.app, m.id, other)).toBe(false);
    // The right password no longer opens a session: it is offered the restore.
    await expect(logIn(t.app, m.number, 'secret123')).rejects.toThrow(/403.*"restore":true/);
  });

  it("refuses another member's link, an unknown, used or expired one, deleting nobody", async () => {
    const a = await member();
    const b = await member();
    const tokenOfA = await deleteToken(a);
    const wrongMember = await submitPage(
      t.app,
      'delete-confirm',
      { token: tokenOfA },
      { token: b.token },
    );
    expect(wrongMember.data).toEqual({
      errorMessageList: [{ errorMessage: invalidLink }],
      linkLifeTime: 30,
      actionLink: '',
    });
    expect((await record(a.id)).status).toBe('deletion_requested');
    expect((await record(b.id)).status).toBe('active');

    for (const token of ['D'.repeat(43), '', 'x']) {
      const answer = await submitPage(t.app, 'delete-confirm', { token }, { token: b.token });
      expect(answer.data).toMatchObject({ errorMessageList: [{ errorMessage: invalidLink }] });
    }

    const tokenOfB = await deleteToken(b);
    await t.database.db
      .update(agentLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(agentLinks.agentId, b.id));
    const expired = await submitPage(
      t.app,
      'delete-confirm',
      { token: tokenOfB },
      { token: b.token },
    );
    expect(expired.data).toMatchObject({ errorMessageList: [{ errorMessage: invalidLink }] });
    expect((await record(b.id)).status).toBe('deletion_requested');

    // A's own link still works for A.
    const own = await submitPage(t.app, 'delete-confirm', { token: tokenOfA }, { token: a.token });
    expect(own.data).toMatchObject({ errorMessageList: [] });
  });
});

describe('restore', () => {
  it('mails a restore link to a deleted member when email and number match', async () => {
    const m = await deletedMember({ languageCode: 'ell' });
    const token = await restoreToken(m.email.toUpperCase(), m.number);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mails = await mailsTo(m.email);
    expect(mails.at(-1)).toMatchObject({
      template: 'restore-account',
      subject: 'Επαναφορά του λογαριασμού σας',
    });
    const link = await lastLinkTo(t.database.db, m.email);
    expect(`${link.origin}${link.pathname}`).toBe('http://gr.localhost:3000/ell/restore-confirm');
  });

  it('answers the same and mails nothing for a wrong number, an unknown email or an active member', async () => {
    const deleted = await deletedMember();
    const active = await member();
    const expected = { restoreLinkSent: true, errorMessageList: [], alreadyRestored: false };
    const before = (await outboxRows(t.database.db)).length;
    for (const values of [
      { email: deleted.email, number: '999999999' },
      { email: 'ghost@travel.example', number: deleted.number },
      { email: active.email, number: active.number },
    ]) {
      const answer = await submitPage(t.app, 'restore', values);
      expect(answer, JSON.stringify(values)).toEqual({
        status: 200,
        data: expected,
        code: undefined,
      });
    }
    expect((await outboxRows(t.database.db)).length).toBe(before);
  });

  it('mails nothing once the retention is over', async () => {
    const m = await deletedMember();
    await t.database.db
      .update(agents)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(agents.id, m.id));
    const before = (await mailsTo(m.email)).length;
    await submitPage(t.app, 'restore', { email: m.email, number: m.number });
    expect(await mailsTo(m.email)).toHaveLength(before);
  });

  it('answers validationMessages for malformed fields', async () => {
    expect((await submitPage(t.app, 'restore', { email: 'x', number: '12ab' })).data).toEqual({
      validationMessages: {
        email: ['Wrong format, e.g. name@example.com'],
        number: ['Only numbers are allowed'],
      },
    });
    expect((await submitPage(t.app, 'restore', {})).data).toEqual({
      validationMessages: { email: ['Field is required'], number: ['Field is required'] },
    });
  });
});

describe('restore-confirm', () => {
  it('restores the account once, mails the login link, and the member can log in again', async () => {
    const m = await deletedMember();
    const token = await restoreToken(m.email, m.number);
    const answer = await submitPage(t.app, 'restore-confirm', { token });
    expect(answer).toMatchObject({
      status: 200,
      data: { errors: [], alreadyActivated: false, errorMessageList: [] },
    });
    const row = await record(m.id);
    expect(row).toMatchObject({ status: 'active', deletedAt: null });
    const restored = (await mailsTo(m.email)).at(-1)!;
    expect(restored).toMatchObject({
      template: 'account-restored',
      subject: 'Your account has been restored',
    });
    expect(restored.text).toContain('http://gr.localhost:3000/login');
    const session = await logIn(t.app, m.number, 'secret123');
    expect(await sessionWorks(t.app, m.id, session)).toBe(true);

    const again = await submitPage(t.app, 'restore-confirm', { token });
    expect(again.data).toEqual({
      errors: ['Already restored!'],
      alreadyActivated: true,
      errorMessageList: [{ errorMessage: 'Already restored!' }],
    });
  });

  it("answers 'Error' for an unknown, malformed or expired link", async () => {
    const error = {
      errors: ['Error'],
      alreadyActivated: false,
      errorMessageList: [{ errorMessage: invalidLink }],
    };
    for (const token of ['E'.repeat(43), '', '../../etc']) {
      expect((await submitPage(t.app, 'restore-confirm', { token })).data).toEqual(error);
    }
    const m = await deletedMember();
    const token = await restoreToken(m.email, m.number);
    await t.database.db
      .update(agentLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(agentLinks.agentId, m.id));
    expect((await submitPage(t.app, 'restore-confirm', { token })).data).toEqual(error);
    expect((await record(m.id)).status).toBe('deleted');
  });

  it('GET never uses the link', async () => {
    const m = await deletedMember();
    const token = await restoreToken(m.email, m.number);
    expect((await getPage(t.app, 'restore-confirm', { token })).status).toBe(200);
    expect((await record(m.id)).status).toBe('deleted');
  });
});
