import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { agentLinks } from '../agents/schema.js';
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
  t = await createTestApp();
});
afterAll(() => t.close());

const invalidLink = 'Sorry for the inconvenience. The link is not valid any more.';

async function mailsTo(email: string) {
  return (await outboxRows(t.database.db)).filter((row) => row.recipient === email);
}

/** Asks for a reset link and gives its token. */
async function resetToken(email: string): Promise<string> {
  expect((await submitPage(t.app, 'retrieve-password', { email })).data).toEqual({ sent: true });
  return (await lastLinkTo(t.database.db, email)).searchParams.get('token')!;
}

describe('retrieve-password', () => {
  it('mails a reset link to the member, in their language and country, greeting them', async () => {
    const member = await createAgent(t.database.db, {
      email: 'Reset.Me@Travel.example',
      firstName: 'Maria',
      languageCode: 'ell',
    });
    const answer = await submitPage(t.app, 'retrieve-password', {
      email: 'reset.me@travel.example',
    });
    expect(answer).toMatchObject({ status: 200, data: { sent: true } });
    const [mail] = await mailsTo(member.email);
    expect(mail).toMatchObject({
      template: 'reset-password',
      subject: 'Ορισμός νέου κωδικού πρόσβασης',
    });
    expect(mail!.text).toContain('Γεια σας Maria,');
    const link = await lastLinkTo(t.database.db, member.email);
    expect(`${link.origin}${link.pathname}`).toBe('http://gr.localhost:3000/ell/forgot-password');
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    const member = await createAgent(t.database.db);
    const before = (await outboxRows(t.database.db)).length;
    const unknown = await submitPage(t.app, 'retrieve-password', { email: 'ghost@travel.example' });
    expect((await outboxRows(t.database.db)).length).toBe(before);
    const known = await submitPage(t.app, 'retrieve-password', { email: member.email });
    expect(known).toEqual(unknown);
  });

  it('mails nothing to a deleted member, and one link a minute at most', async () => {
    const deleted = await createAgent(t.database.db, { status: 'deleted', deletedAt: new Date() });
    await submitPage(t.app, 'retrieve-password', { email: deleted.email });
    expect(await mailsTo(deleted.email)).toEqual([]);
    const member = await createAgent(t.database.db);
    await submitPage(t.app, 'retrieve-password', { email: member.email });
    await submitPage(t.app, 'retrieve-password', { email: member.email });
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  it('answers validationMessages for a malformed email', async () => {
    expect((await submitPage(t.app, 'retrieve-password', { email: 'a@b' })).data).toEqual({
      validationMessages: { email: ['Wrong format, e.g. name@example.com'] },
    });
  });
});

describe('forgot-password', () => {
  it('greets the member of the link by first name, without using the link', async () => {
    const member = await createAgent(t.database.db, { firstName: 'Kostas' });
    const token = await resetToken(member.email);
    for (let i = 0; i < 2; i += 1) {
      const page = await getPage(t.app, 'forgot-password', { token });
      expect(page.status).toBe(200);
      expect(page.data).toMatchObject({
        name: 'forgot-password',
        FirstUsername: 'Kostas',
        linkValid: true,
      });
    }
  });

  it('shows the invalid-link state for an unknown, missing or expired link', async () => {
    const queries: Record<string, string>[] = [
      { token: 'B'.repeat(43) },
      {},
      { token: '<script>' },
    ];
    for (const query of queries) {
      const page = await getPage(t.app, 'forgot-password', query);
      expect(page.data, JSON.stringify(query)).toMatchObject({
        FirstUsername: '',
        linkValid: false,
      });
    }
    const member = await createAgent(t.database.db);
    const token = await resetToken(member.email);
    await t.database.db
      .update(agentLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(agentLinks.agentId, member.id));
    expect((await getPage(t.app, 'forgot-password', { token })).data).toMatchObject({
      FirstUsername: '',
      linkValid: false,
    });
    expect(
      (
        await submitPage(t.app, 'forgot-password', {
          token,
          password: 'newpass12',
          passwordRepeat: 'newpass12',
        })
      ).data,
    ).toEqual({ validationMessages: { token: [invalidLink] } });
  });

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const member = await createAgent(t.database.db, { password: 'oldpass1' });
    const sessionA = await logIn(t.app, member.number, 'oldpass1');
    const sessionB = await logIn(t.app, member.number, 'oldpass1');
    expect(await sessionWorks(t.app, member.id, sessionA)).toBe(true);

    const token = await resetToken(member.email);
    const answer = await submitPage(t.app, 'forgot-password', {
      token,
      password: 'newpass12',
      passwordRepeat: 'newpass12',
    });
    expect(answer).toMatchObject({ status: 200, data: { success: true } });
    expect(await sessionWorks(t.app, member.id, sessionA)).toBe(false);
    expect(await sessionWorks(t.app, member.id, sessionB)).toBe(false);
    await expect(logIn(t.app, member.number, 'oldpass1')).rejects.toThrow('401');
    const fresh = await logIn(t.app, member.number, 'newpass12');
    expect(await sessionWorks(t.app, member.id, fresh)).toBe(true);

    // The link worked once.
    const again = await submitPage(t.app, 'forgot-password', {
      token,
      password: 'other123',
      passwordRepeat: 'other123',
    });
    expect(again.data).toEqual({ validationMessages: { token: [invalidLink] } });
    expect((await getPage(t.app, 'forgot-password', { token })).data).toMatchObject({
      linkValid: false,
    });
  });

  it('answers the password rules as validationMessages, keeping the link usable', async () => {
    const member = await createAgent(t.database.db);
    const token = await resetToken(member.email);
    expect(
      (
        await submitPage(t.app, 'forgot-password', {
          token,
          password: 'short',
          passwordRepeat: 'short',
        })
      ).data,
    ).toEqual({
      validationMessages: {
        password: ['Minimum 7 characters, maximum 20 characters, must contain letter and digit'],
      },
    });
    expect(
      (
        await submitPage(t.app, 'forgot-password', {
          token,
          password: 'newpass12',
          passwordRepeat: 'newpass13',
        })
      ).data,
    ).toEqual({ validationMessages: { passwordRepeat: ['Password mismatch'] } });
    expect(
      (
        await submitPage(t.app, 'forgot-password', {
          token,
          password: 'newpass12',
          passwordRepeat: 'newpass12',
        })
      ).data,
    ).toEqual({ success: true });
  });

  it('never puts the token, a hash or a password in an answer', async () => {
    const member = await createAgent(t.database.db);
    const token = await resetToken(member.email);
    const page = await t.app.inject({
      url: `/s2c/content/v1/pages/forgot-password/?token=${token}`,
    });
    const body = JSON.parse(page.body) as { data: Record<string, unknown> };
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'FirstUsername',
        'dictionary',
        'errorMessage',
        'errorMessageList',
        'faqItems',
        'linkValid',
        'memberNumber',
        'name',
        'params',
        'postText',
        'text',
        'title',
      ].sort(),
    );
    expect(page.body).not.toMatch(/passwordHash|\$argon2/);
    const submit = await submitPage(t.app, 'forgot-password', {
      token,
      password: 'newpass12',
      passwordRepeat: 'newpass12',
    });
    expect(JSON.stringify(submit)).not.toContain(token);
    expect(JSON.stringify(submit)).not.toContain('newpass12');
  });
});
