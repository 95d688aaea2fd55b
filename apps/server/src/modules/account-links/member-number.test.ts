import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPage, lastLinkTo, outboxRows, submitPage } from '../../testing/account-helpers.js';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/**
 * Getting back in: "Forgot your member number?" mails the number with the
 * login link, answering the same whoever asks; the password reset's mail and
 * page carry the number too.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mailsTo = async (email: string) =>
  (await outboxRows(t.database.db)).filter((row) => row.recipient === email);

describe('retrieve-member-number', () => {
  it('mails the member number with the login link, in the member language', async () => {
    const member = await createAgent(t.database.db, {
      email: 'Forgot.Number@Travel.example',
      firstName: 'Maria',
      languageCode: 'ell',
    });
    const answer = await submitPage(t.app, 'retrieve-member-number', {
      email: 'forgot.number@travel.example',
    });
    expect(answer).toMatchObject({ status: 200, data: { sent: true } });
    const [mail] = await mailsTo(member.email);
    expect(mail).toMatchObject({ template: 'member-number' });
    expect(mail!.subject).toBe('Ο αριθμός μέλους σας στο Amadeus+Me');
    expect(mail!.text).toContain('Γεια σας Maria,');
    expect(mail!.text).toContain(member.number);
    expect(mail!.html).toContain(member.number);
    const link = await lastLinkTo(t.database.db, member.email);
    expect(`${link.origin}${link.pathname}`).toBe('http://gr.localhost:3000/ell/login');
  });

  it('answers the same for an unknown address and a deleted member, and mails nothing', async () => {
    const member = await createAgent(t.database.db);
    const deleted = await createAgent(t.database.db, { status: 'deleted', deletedAt: new Date() });
    const before = (await outboxRows(t.database.db)).length;
    const unknown = await submitPage(t.app, 'retrieve-member-number', {
      email: 'ghost@travel.example',
    });
    const gone = await submitPage(t.app, 'retrieve-member-number', { email: deleted.email });
    expect((await outboxRows(t.database.db)).length).toBe(before);
    const known = await submitPage(t.app, 'retrieve-member-number', { email: member.email });
    expect(known).toEqual(unknown);
    expect(gone).toEqual(unknown);
  });

  it('mails once within the resend quiet time', async () => {
    const member = await createAgent(t.database.db);
    await submitPage(t.app, 'retrieve-member-number', { email: member.email });
    await submitPage(t.app, 'retrieve-member-number', { email: member.email });
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  it('answers validationMessages for a malformed email', async () => {
    expect((await submitPage(t.app, 'retrieve-member-number', { email: 'a@b' })).data).toEqual({
      validationMessages: { email: ['Wrong format, e.g. name@example.com'] },
    });
  });
});

describe('the password reset carries the member number', () => {
  it('in its mail and on its page', async () => {
    const member = await createAgent(t.database.db, { firstName: 'Nikos' });
    await submitPage(t.app, 'retrieve-password', { email: member.email });
    const [mail] = (await mailsTo(member.email)).filter((row) => row.template === 'reset-password');
    expect(mail!.text).toContain(`Your member number is ${member.number}.`);
    expect(mail!.html).toContain(member.number);
    const token = (await lastLinkTo(t.database.db, member.email)).searchParams.get('token')!;
    const page = await getPage(t.app, 'forgot-password', { token });
    expect(page.data).toMatchObject({
      FirstUsername: 'Nikos',
      memberNumber: member.number,
      linkValid: true,
    });
    const invalid = await getPage(t.app, 'forgot-password', { token: 'x'.repeat(43) });
    expect(invalid.data).toMatchObject({ memberNumber: '', linkValid: false });
  });
});
