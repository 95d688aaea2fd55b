import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffContentCountry, StaffLanguageContent } from '@club/contract/staff-content';
import { auditEntries } from '../audit/schema.js';
import { createStaff, staffCall, staffLogin, type TestStaff } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { contentStaffEdits, contentVersion } from '../content/schema.js';

/**
 * The staff console's content calls through HTTP on the fixture content (gr:
 * eng, ell; ae: ara, eng): each kind of change validated like the content
 * files, refused to support and to another country, recorded in the audit
 * log and published to the site within the cache's second.
 */

let t: TestApp;
let clock = Date.parse('2030-04-01T08:00:00Z');
const tokens: Record<'admin' | 'managerGr' | 'managerAe' | 'supportGr', string> = {
  admin: '',
  managerGr: '',
  managerAe: '',
  supportGr: '',
};
let managerGr: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = t.database.db;
  managerGr = await createStaff(db, 'manager', ['gr']);
  const accounts = {
    admin: await createStaff(db, 'admin'),
    managerGr,
    managerAe: await createStaff(db, 'manager', ['ae']),
    supportGr: await createStaff(db, 'support', ['gr']),
  };
  for (const [role, account] of Object.entries(accounts)) {
    clock += 30_000;
    tokens[role as keyof typeof tokens] = await staffLogin(t.app, account, clock);
  }
});
afterAll(() => t.close());

const base = '/s2c/staff/v1/content';
const json = (token: string, method: 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

/** The site's layout once the cache's second has passed. */
async function siteLayout(countryCode: string, languageCode: string) {
  clock += 1_000;
  const response = await t.app.inject({
    url: `/s2c/content/v1/layout/?countryCode=${countryCode}&languageCode=${languageCode}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{
    data: {
      menuItems: { pageName: string; title: string; audience: string }[];
      headerAlerts: { hash: string; type: string; text: string }[];
      headerImagesSrcSet: { alt: string }[];
      dictionary: Record<string, string>;
    };
  }>().data;
}

/** The `data` of an answer, as the tests read it. */
const dataOf = <T = Record<string, string>>(response: { json: () => unknown }): T =>
  (response.json() as { data: T }).data;
type Page = { title: string; text: string; postText: string; faqItems: unknown[] };

const version = async () => (await t.database.db.select().from(contentVersion))[0]?.version ?? 0;
const auditOf = (target: string) =>
  t.database.db.select().from(auditEntries).where(eq(auditEntries.target, target));
const editOf = async (path: string) =>
  (
    await t.database.db
      .select()
      .from(contentStaffEdits)
      .where(
        and(eq(contentStaffEdits.countryCode, path.slice(0, 2)), eq(contentStaffEdits.path, path)),
      )
  )[0];

describe('reading content', () => {
  it('lists only the staff member’s countries, each with its languages', async () => {
    const all = await staffCall(t.app, tokens.admin, 'GET', `${base}/countries`);
    expect(dataOf<StaffContentCountry[]>(all).map((country) => country.code)).toEqual(['ae', 'gr']);
    const mine = await staffCall(t.app, tokens.managerGr, 'GET', `${base}/countries`);
    expect(dataOf(mine)).toEqual([
      {
        code: 'gr',
        name: 'Greece',
        defaultLanguage: 'eng',
        subDomainDisabled: false,
        languages: [
          { code: 'eng', nativeTitle: 'English', isRtl: false },
          { code: 'ell', nativeTitle: 'Ελληνικά', isRtl: false },
        ],
      },
    ]);
  });

  it('answers one language’s content to edit; support reads it too', async () => {
    const response = await staffCall(t.app, tokens.supportGr, 'GET', `${base}/gr/eng`);
    expect(response.statusCode).toBe(200);
    const content = dataOf<StaffLanguageContent>(response);
    expect(content.menuItems[1]).toEqual({ pageName: 'faq', title: 'Questions', audience: 'both' });
    expect(content.pages.faq?.faqItems).toHaveLength(2);
    expect(content.dictionary['faq.title']).toBe('Fixture questions');
    expect(Object.keys(content.texts).some((key) => key.startsWith('mail.'))).toBe(false);
    const confirm = content.mailTemplates.find(
      (template: { template: string }) => template.template === 'confirm-email',
    );
    expect(confirm).toMatchObject({
      links: ['link'],
      placeholders: ['link', 'number', 'firstName'],
    });
    expect(confirm?.subject).not.toBe('');
  });

  it('marks right-to-left languages', async () => {
    const response = await staffCall(t.app, tokens.admin, 'GET', `${base}/ae/ara`);
    expect(dataOf<StaffLanguageContent>(response).isRtl).toBe(true);
  });

  it('answers 404 for another country, and for a language the country lacks', async () => {
    expect((await staffCall(t.app, tokens.managerAe, 'GET', `${base}/gr/eng`)).statusCode).toBe(
      404,
    );
    expect((await staffCall(t.app, tokens.admin, 'GET', `${base}/gr/deu`)).statusCode).toBe(404);
    expect((await staffCall(t.app, tokens.admin, 'GET', `${base}/xx/eng`)).statusCode).toBe(404);
  });
});

describe('the menu', () => {
  const menu = [
    { pageName: 'faq', title: 'Rules', audience: 'both' },
    { pageName: 'news', title: 'Members’ news', audience: 'member' },
    { pageName: 'registration', title: 'Join', audience: 'guest' },
  ];

  it('is saved whole (reordered, edited, added, removed), published within a second and audited', async () => {
    const before = await version();
    const response = await json(tokens.managerGr, 'PUT', `${base}/gr/eng/menu`, { items: menu });
    expect(response.statusCode).toBe(200);
    expect(dataOf<{ version: number }>(response).version).toBe(before + 1);
    expect((await siteLayout('gr', 'eng')).menuItems).toEqual(menu);
    const [entry] = await auditOf('gr/eng/menu');
    expect(entry).toMatchObject({
      action: 'content.update',
      targetType: 'content',
      countryCode: 'gr',
      actor: managerGr.email,
      staffId: managerGr.id,
      after: menu,
    });
    expect((entry?.before as unknown[])[0]).toEqual({
      pageName: 'registration',
      title: 'Registration',
      audience: 'guest',
    });
    expect(await editOf('gr/eng/menu')).toMatchObject({ changedBy: managerGr.email });
    const content = dataOf<StaffLanguageContent>(
      await staffCall(t.app, tokens.admin, 'GET', `${base}/gr/eng`),
    );
    expect(content.edits).toEqual([
      {
        path: 'gr/eng/menu',
        changedBy: managerGr.email,
        changedAt: new Date(entry!.at).toISOString(),
      },
    ]);
  });

  it('refuses a bad item with a message per field, and changes nothing', async () => {
    const before = await version();
    const empty = await json(tokens.admin, 'PUT', `${base}/gr/eng/menu`, {
      items: [{ pageName: 'faq', title: ' ', audience: 'both' }],
    });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(dataOf(empty))).toContain('Enter a title');
    const audience = await json(tokens.admin, 'PUT', `${base}/gr/eng/menu`, {
      items: [{ pageName: 'faq', title: 'Rules', audience: 'staff' }],
    });
    expect(audience.statusCode).toBe(400);
    const extra = await json(tokens.admin, 'PUT', `${base}/gr/eng/menu`, {
      items: [{ pageName: 'faq', title: 'Rules', colour: 'red' }],
    });
    expect(extra.statusCode).toBe(400);
    expect(await version()).toBe(before);
    expect((await siteLayout('gr', 'eng')).menuItems).toEqual(menu);
  });

  it('is refused to support (403) and to a manager of another country (404)', async () => {
    const before = await version();
    const body = { items: [{ pageName: 'faq', title: 'Taken over', audience: 'both' }] };
    expect((await json(tokens.supportGr, 'PUT', `${base}/gr/eng/menu`, body)).statusCode).toBe(403);
    expect((await json(tokens.managerAe, 'PUT', `${base}/gr/eng/menu`, body)).statusCode).toBe(404);
    expect(await version()).toBe(before);
    expect(await auditOf('gr/eng/menu')).toHaveLength(1);
  });
});

describe('alerts', () => {
  it('one alert in every language of the country is one action: every site shows it', async () => {
    const response = await json(tokens.managerGr, 'POST', `${base}/gr/alerts`, {
      hash: 'gr-strike',
      type: 'danger',
      texts: { eng: 'Strike on Monday', ell: 'Απεργία τη Δευτέρα' },
    });
    expect(response.statusCode).toBe(200);
    expect((await siteLayout('gr', 'eng')).headerAlerts.at(-1)).toEqual({
      hash: 'gr-strike',
      type: 'danger',
      text: 'Strike on Monday',
    });
    expect((await siteLayout('gr', 'ell')).headerAlerts.at(-1)?.text).toBe('Απεργία τη Δευτέρα');
    const entries = await auditOf('gr/alerts/gr-strike');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      before: { eng: null, ell: null },
      after: { eng: { text: 'Strike on Monday' }, ell: { text: 'Απεργία τη Δευτέρα' } },
    });
    expect(await editOf('gr/ell/alerts')).toBeDefined();
  });

  it('publishing the same id again replaces the alert where it stands', async () => {
    const count = (await siteLayout('gr', 'eng')).headerAlerts.length;
    await json(tokens.managerGr, 'POST', `${base}/gr/alerts`, {
      hash: 'gr-strike',
      type: 'info',
      texts: { eng: 'Strike called off', ell: 'Η απεργία ακυρώθηκε' },
    });
    const alerts = (await siteLayout('gr', 'eng')).headerAlerts;
    expect(alerts).toHaveLength(count);
    expect(alerts.at(-1)).toEqual({ hash: 'gr-strike', type: 'info', text: 'Strike called off' });
  });

  it('needs the text of every language of the country, and no other', async () => {
    const before = await version();
    const missing = await json(tokens.managerGr, 'POST', `${base}/gr/alerts`, {
      hash: 'gr-half',
      type: 'info',
      texts: { eng: 'Only English' },
    });
    expect(missing.statusCode).toBe(400);
    expect(dataOf(missing)).toMatchObject({ 'texts.ell': 'Enter the text' });
    const other = await json(tokens.managerGr, 'POST', `${base}/gr/alerts`, {
      hash: 'gr-half',
      type: 'info',
      texts: { eng: 'a', ell: 'b', deu: 'c' },
    });
    expect(other.statusCode).toBe(400);
    expect(dataOf(other)).toMatchObject({ 'texts.deu': 'Not a language of the country' });
    expect(await version()).toBe(before);
  });

  it('are taken down in every language at once; an unknown id is 404', async () => {
    const response = await json(tokens.managerGr, 'DELETE', `${base}/gr/alerts/gr-strike`);
    expect(response.statusCode).toBe(200);
    for (const language of ['eng', 'ell']) {
      const alerts = (await siteLayout('gr', language)).headerAlerts;
      expect(alerts.map((alert) => alert.hash)).not.toContain('gr-strike');
    }
    expect((await json(tokens.managerGr, 'DELETE', `${base}/gr/alerts/gr-strike`)).statusCode).toBe(
      404,
    );
    expect(
      (await json(tokens.supportGr, 'DELETE', `${base}/gr/alerts/fixture-alert-1`)).statusCode,
    ).toBe(403);
  });

  it('with a start and an end show only inside their window, with no staff action at either', async () => {
    const startsAt = new Date(clock + 60_000).toISOString();
    const endsAt = new Date(clock + 120_000).toISOString();
    const hashes = async () =>
      (await siteLayout('gr', 'ell')).headerAlerts.map((alert) => alert.hash);
    // A first answer before the alert exists is cached: the schedule must still change it.
    expect(await hashes()).not.toContain('gr-window');
    const response = await json(tokens.managerGr, 'POST', `${base}/gr/alerts`, {
      hash: 'gr-window',
      type: 'warning',
      texts: { eng: 'Planned maintenance', ell: 'Προγραμματισμένη συντήρηση' },
      startsAt,
      endsAt,
    });
    expect(response.statusCode).toBe(200);
    const versionAfter = await version();
    expect(await hashes()).not.toContain('gr-window');
    const stored = dataOf<StaffLanguageContent>(
      await staffCall(t.app, tokens.managerGr, 'GET', `${base}/gr/eng`),
    ).headerAlerts.find((alert) => alert.hash === 'gr-window');
    expect(stored).toEqual({
      hash: 'gr-window',
      type: 'warning',
      text: 'Planned maintenance',
      startsAt,
      endsAt,
    });
    clock = Date.parse(startsAt) - 1_000;
    expect(await hashes()).toContain('gr-window');
    clock = Date.parse(endsAt) - 1_000;
    expect(await hashes()).not.toContain('gr-window');
    // No staff action moved the content version; the text stays to publish again.
    expect(await version()).toBe(versionAfter);
    expect(
      dataOf<StaffLanguageContent>(
        await staffCall(t.app, tokens.managerGr, 'GET', `${base}/gr/ell`),
      ).headerAlerts.find((alert) => alert.hash === 'gr-window'),
    ).toMatchObject({ text: 'Προγραμματισμένη συντήρηση', endsAt });
    expect((await auditOf('gr/alerts/gr-window'))[0]).toMatchObject({
      after: { eng: { startsAt, endsAt } },
    });
  });

  it('refuse a window that ends before it starts, and a time without its offset', async () => {
    const before = await version();
    const backwards = await json(tokens.managerGr, 'POST', `${base}/gr/alerts`, {
      hash: 'gr-backwards',
      type: 'info',
      texts: { eng: 'a', ell: 'b' },
      startsAt: '2030-05-02T10:00:00Z',
      endsAt: '2030-05-02T09:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(dataOf(backwards)).toMatchObject({ endsAt: 'The end comes after the start' });
    const local = await json(tokens.managerGr, 'POST', `${base}/gr/alerts`, {
      hash: 'gr-local',
      type: 'info',
      texts: { eng: 'a', ell: 'b' },
      startsAt: '2030-05-02T10:00',
    });
    expect(local.statusCode).toBe(400);
    expect(dataOf(local)).toHaveProperty('startsAt');
    const list = await json(tokens.admin, 'PUT', `${base}/ae/eng/alerts`, {
      items: [
        {
          hash: 'x',
          type: 'info',
          text: 'x',
          startsAt: '2030-05-02T10:00:00Z',
          endsAt: '2030-05-02T10:00:00Z',
        },
      ],
    });
    expect(list.statusCode).toBe(400);
    expect(dataOf(list)).toMatchObject({ 'items.0.endsAt': 'The end comes after the start' });
    expect(await version()).toBe(before);
  });

  it('of one language are saved in their order; two with one id are refused', async () => {
    const items = [
      { hash: 'b', type: 'success', text: 'Second made first' },
      { hash: 'a', type: 'warning', text: 'First made second' },
    ];
    expect((await json(tokens.admin, 'PUT', `${base}/ae/eng/alerts`, { items })).statusCode).toBe(
      200,
    );
    expect((await siteLayout('ae', 'eng')).headerAlerts).toEqual(items);
    const twice = await json(tokens.admin, 'PUT', `${base}/ae/eng/alerts`, {
      items: [items[0], items[0]],
    });
    expect(twice.statusCode).toBe(400);
    expect(dataOf(twice)).toMatchObject({ 'items.1.hash': 'Another alert has this id' });
  });
});

describe('banners', () => {
  it('are saved in their order and shown by the site', async () => {
    const slide = {
      url: '/registration',
      target: '_self',
      image: '/media/banners/air-1120.svg',
      imageMobile: '/media/banners/air-640.svg',
      imageMacbook: '/media/banners/air-2240.svg',
      alt: 'Fly and earn',
    };
    expect(
      (await json(tokens.managerGr, 'PUT', `${base}/gr/ell/banners`, { items: [slide] }))
        .statusCode,
    ).toBe(200);
    expect((await siteLayout('gr', 'ell')).headerImagesSrcSet).toEqual([slide]);
    const bad = await json(tokens.managerGr, 'PUT', `${base}/gr/ell/banners`, {
      items: [{ ...slide, image: '' }],
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('words and texts', () => {
  it('a dictionary word, form-encoded, reaches the site', async () => {
    const response = await staffCall(
      t.app,
      tokens.managerGr,
      'PUT',
      `${base}/gr/ell/dictionary/menu.login`,
      {
        value: 'Σύνδεση μελών',
      },
    );
    expect(response.statusCode).toBe(200);
    expect((await siteLayout('gr', 'ell')).dictionary['menu.login']).toBe('Σύνδεση μελών');
    expect(await auditOf('gr/ell/dictionary/menu.login')).toMatchObject([
      { action: 'content.update', after: 'Σύνδεση μελών' },
    ]);
  });

  it('a text by key reaches the texts call; mail texts are edited as templates', async () => {
    const response = await staffCall(
      t.app,
      tokens.managerGr,
      'PUT',
      `${base}/gr/eng/texts/subscribe`,
      {
        value: '<p>Subscribe now</p>',
      },
    );
    expect(response.statusCode).toBe(200);
    clock += 1_000;
    const text = await t.app.inject({
      url: '/s2c/content/v1/texts?key=subscribe&countryCode=gr&languageCode=eng',
    });
    expect(dataOf(text).value).toBe('<p>Subscribe now</p>');
    const mail = await staffCall(
      t.app,
      tokens.managerGr,
      'PUT',
      `${base}/gr/eng/texts/mail.confirm-email.subject`,
      {
        value: 'x',
      },
    );
    expect(mail.statusCode).toBe(400);
  });

  it('a key that is not letters, digits, dots and dashes is refused', async () => {
    const response = await staffCall(
      t.app,
      tokens.admin,
      'PUT',
      `${base}/gr/eng/dictionary/${encodeURIComponent('a b')}`,
      {
        value: 'x',
      },
    );
    expect(response.statusCode).toBe(400);
  });
});

describe('mail templates', () => {
  const url = `${base}/gr/eng/mail-templates/confirm-email`;
  const good = {
    subject: 'Confirm your email, {{firstName}}',
    text: 'Open {{link}} to confirm member {{number}}.',
    html: '<p><a href="{{link}}">Confirm</a> member {{number}}</p>',
  };

  it('are saved with their three texts and audited', async () => {
    const response = await staffCall(t.app, tokens.managerGr, 'PUT', url, good);
    expect(response.statusCode).toBe(200);
    const content = dataOf<StaffLanguageContent>(
      await staffCall(t.app, tokens.admin, 'GET', `${base}/gr/eng`),
    );
    expect(
      content.mailTemplates.find(
        (template: { template: string }) => template.template === 'confirm-email',
      ),
    ).toMatchObject(good);
    expect(await auditOf('gr/eng/mail/confirm-email')).toMatchObject([{ after: good }]);
    expect(await editOf('gr/eng/texts/mail.confirm-email.html')).toBeDefined();
  });

  it('refuse a placeholder the mail does not fill, and a missing link', async () => {
    const unknown = await staffCall(t.app, tokens.managerGr, 'PUT', url, {
      ...good,
      subject: 'Hello {{lastName}}',
    });
    expect(unknown.statusCode).toBe(400);
    expect(dataOf(unknown).subject).toContain('{{lastName}} is not a placeholder of this mail');
    const noLink = await staffCall(t.app, tokens.managerGr, 'PUT', url, {
      ...good,
      html: '<p>Confirm member {{number}}</p>',
    });
    expect(noLink.statusCode).toBe(400);
    expect(dataOf(noLink).html).toContain('href="{{link}}"');
    const twoLines = await staffCall(t.app, tokens.managerGr, 'PUT', url, {
      ...good,
      subject: 'a\nb',
    });
    expect(twoLines.statusCode).toBe(400);
  });

  it('send a test mail of the template as typed to the staff member, changing nothing', async () => {
    const before = await version();
    const draft = {
      subject: 'Test draft for {{firstName}}',
      text: 'Draft: open {{link}} to confirm member {{number}}.',
      html: '<p><a href="{{link}}">Confirm</a> member {{number}}</p><script>x()</script>',
    };
    const response = await staffCall(t.app, tokens.managerGr, 'POST', `${url}/test-mail`, draft);
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<{ sentTo: string; removed: string[] }>(response)).toMatchObject({
      sentTo: managerGr.email,
      removed: [expect.stringContaining('script')],
    });
    const mails = rowsOf<{ template: string; subject: string; text: string; html: string }>(
      await t.database.db.execute(
        sql`select template, subject, text, html from mail_outbox where recipient = ${managerGr.email}`,
      ),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: 'test:confirm-email',
      subject: '[Test] Test draft for Maria',
    });
    // Sample values, and the link to the country's site in the template's language.
    expect(mails[0]!.text).toMatch(
      /^Draft: open http:\/\/gr\.localhost:\d+\/ to confirm member 9000001\.$/,
    );
    expect(mails[0]!.html).not.toContain('script');
    expect(mails[0]!.html).toContain('<html lang="en" dir="ltr">');
    // Nothing of the content changed: the stored template stays, no version moved.
    expect(await version()).toBe(before);
    const tests = (await auditOf('gr/eng/mail/confirm-email')).filter(
      (entry) => entry.action === 'content.test-mail',
    );
    expect(tests).toHaveLength(1);
    expect(tests[0]!.after).toMatchObject({ sentTo: managerGr.email });
  });

  it('check a test mail as a save does; support may not send one', async () => {
    const noLink = await staffCall(t.app, tokens.managerGr, 'POST', `${url}/test-mail`, {
      ...good,
      html: '<p>Confirm member {{number}}</p>',
    });
    expect(noLink.statusCode).toBe(400);
    expect(dataOf(noLink).html).toContain('href="{{link}}"');
    expect(
      (await staffCall(t.app, tokens.supportGr, 'POST', `${url}/test-mail`, good)).statusCode,
    ).toBe(403);
    expect(
      (await staffCall(t.app, tokens.managerAe, 'POST', `${url}/test-mail`, good)).statusCode,
    ).toBe(404);
  });

  it('answer 404 for a template the club does not send', async () => {
    const response = await staffCall(
      t.app,
      tokens.admin,
      'PUT',
      `${base}/gr/eng/mail-templates/no-such-mail`,
      good,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('pages', () => {
  const pageUrl = (name: string) =>
    `/s2c/content/v1/pages/${name}/?countryCode=gr&languageCode=eng`;

  it('a page’s title and texts, form-encoded, keep its FAQ items', async () => {
    const response = await staffCall(t.app, tokens.managerGr, 'PUT', `${base}/gr/eng/pages/faq`, {
      title: 'Questions and answers',
      text: '<p>Before</p>',
      postText: '<p>After</p>',
    });
    expect(response.statusCode).toBe(200);
    clock += 1_000;
    const page = dataOf<Page>(await t.app.inject({ url: pageUrl('faq') }));
    expect(page).toMatchObject({
      title: 'Questions and answers',
      text: '<p>Before</p>',
      postText: '<p>After</p>',
    });
    expect(page.faqItems).toHaveLength(2);
  });

  it('FAQ items are added, edited, removed and reordered in one', async () => {
    const faqItems = [
      { number: 2, title: 'Second question first', text: '<p>Yes</p>' },
      { number: 3, title: 'A new question', text: '<p>New</p>' },
    ];
    const response = await json(tokens.admin, 'PUT', `${base}/gr/eng/pages/faq`, {
      title: 'Questions and answers',
      text: '',
      postText: '',
      faqItems,
    });
    expect(response.statusCode).toBe(200);
    clock += 1_000;
    expect(dataOf<Page>(await t.app.inject({ url: pageUrl('faq') })).faqItems).toEqual(faqItems);
    const [, second] = await auditOf('gr/eng/pages/faq');
    expect((second?.before as { faqItems: unknown[] }).faqItems).toHaveLength(2);
    expect(second?.after).toMatchObject({ faqItems });
  });

  it('a page the language lacks is 404; an empty title is refused', async () => {
    expect(
      (await staffCall(t.app, tokens.admin, 'PUT', `${base}/gr/eng/pages/nowhere`, { title: 'x' }))
        .statusCode,
    ).toBe(404);
    const empty = await staffCall(t.app, tokens.admin, 'PUT', `${base}/gr/eng/pages/faq`, {
      title: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(dataOf(empty).title).toBe('Enter a title');
  });
});
