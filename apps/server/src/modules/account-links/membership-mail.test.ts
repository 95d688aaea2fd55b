import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, outboxRows, submitPage } from '../../testing/account-helpers.js';
import { SmtpSink } from '../../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/**
 * The mail of the membership calls, read from a real SMTP server, and
 * followed: registration with doubleOpt confirmed through the emailed link,
 * and the decision maker's request.
 */
let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await SmtpSink.start();
  t = await createTestApp({ config: { smtpUrl: sink.url } });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

describe('mail of the membership calls', () => {
  it('a registration in a doubleOpt country is confirmed through the emailed link', async () => {
    const email = 'new.member@travel.example';
    const registration = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/agents',
      headers: formHeaders,
      payload: new URLSearchParams({
        countryCode: 'gr',
        languageCode: 'ell',
        agreeWithConditions: 'true',
        firstName: 'Anna',
        lastName: 'Papadopoulou',
        title: 'ms',
        password: 'Journey2026',
        passwordRepeat: 'Journey2026',
        officeId: 'ATHGR0001',
        email,
        phone: '',
        birthdayDay: '',
        birthdayMonth: '',
        newsletter: '',
        sign: '',
        address: '',
      }).toString(),
    });
    expect(registration.statusCode).toBe(200);
    const { user, token } = registration.json<{
      data: { user: { number: string }; token: string | null };
    }>().data;
    expect(token).toBeNull();
    await expect(logIn(t.app, user.number, 'Journey2026')).rejects.toThrow('403');

    await t.app.mailWorker.drain();
    const mail = await sink.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('Επιβεβαιώστε τη διεύθυνση email σας');
    expect(mail.text).toContain('Γεια σας Anna,');
    const link = new URL(mail.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(
      'http://gr.localhost:3000/ell/registration-email-confirm',
    );
    expect(mail.html).toContain(`href="${link.href.replaceAll('&', '&amp;')}"`);

    const confirmed = await submitPage(t.app, 'registration-email-confirm', {
      token: link.searchParams.get('token')!,
    });
    expect(confirmed.data).toEqual({ errors: [], alreadyActivated: false });
    expect(await logIn(t.app, user.number, 'Journey2026')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("an agent's access request reaches the office's decision maker", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/offices/athgr0002/gr/enroll/push',
    });
    expect(response.statusCode).toBe(200);
    await t.app.mailWorker.drain();
    const mail = await sink.waitFor((m) => m.to.includes('manager.athgr0002@fixture.example'));
    expect(mail.subject).toBe('An agent of office ATHGR0002 asks to join Amadeus+Me');
    expect(mail.text).toContain(
      'An agent of Sleepy Travel (office ID ATHGR0002) would like to join',
    );
    const rows = await outboxRows(t.database.db);
    expect(rows.every((row) => row.sentAt !== null)).toBe(true);
  });
});
