import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCountedWording } from '@club/contract/message-catalogue';
import { countedWordingProblems } from '@club/contract/message-format';
import { repositoryRoot } from '../../config.js';
import { fixtureContentDir } from '../../testing/test-app.js';
import {
  mailTemplateNames,
  mailTemplates,
  mailTextKeys,
  optionalMailVariables,
} from './mail-templates.js';
import { fillTemplate, placeholdersOf } from './template-text.js';

/** Every language file of a content folder with its texts. */
function languageFiles(contentDir: string): { file: string; texts: Record<string, string> }[] {
  const countriesDir = join(contentDir, 'countries');
  return readdirSync(countriesDir).flatMap((country) =>
    readdirSync(join(countriesDir, country))
      .filter((name) => name !== 'country.json')
      .map((name) => {
        const file = join('countries', country, name);
        const json = JSON.parse(readFileSync(join(countriesDir, country, name), 'utf8')) as {
          texts?: Record<string, string>;
        };
        return { file, texts: json.texts ?? {} };
      }),
  );
}

const linkVariables = new Set(['link', 'loginLink', 'registrationLink']);

describe.each([
  ['the demo content', join(repositoryRoot, 'content')],
  ['the test fixtures', fixtureContentDir],
])('mail templates in %s', (_name, contentDir) => {
  const files = languageFiles(contentDir);

  it('exist for every template in every language file', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const { file, texts } of files) {
      for (const template of mailTemplateNames) {
        for (const key of mailTextKeys(template)) {
          expect(texts[key]?.trim(), `${file}: ${key}`).toBeTruthy();
        }
      }
    }
  });

  it('use only their own variables, and carry their links in the text and the HTML', () => {
    for (const { file, texts } of files) {
      for (const template of mailTemplateNames) {
        const allowed = new Set<string>([...mailTemplates[template], ...optionalMailVariables]);
        const [subject, text, html] = mailTextKeys(template).map((key) => texts[key] ?? '') as [
          string,
          string,
          string,
        ];
        for (const name of [subject, text, html].flatMap(placeholdersOf)) {
          expect(allowed.has(name), `${file}: ${template} uses {{${name}}}`).toBe(true);
        }
        for (const name of mailTemplates[template].filter((variable) =>
          linkVariables.has(variable),
        )) {
          expect(placeholdersOf(text), `${file}: ${template} text`).toContain(name);
          expect(html, `${file}: ${template} html`).toContain(`href="{{${name}}}"`);
        }
        expect(subject, `${file}: ${template} subject`).not.toMatch(/[\r\n]/);
      }
    }
  });

  it('keep every booking remark whole inside one left-to-right element of the HTML', () => {
    let remarks = 0;
    for (const { file, texts } of files) {
      for (const template of mailTemplateNames) {
        const html = texts[`mail.${template}.html`] ?? '';
        const all = html.split('RM*AMA').length - 1;
        const isolated = html.split('<span dir="ltr">RM*AMA {{number}}</span>').length - 1;
        expect(isolated, `${file}: ${template} html`).toBe(all);
        remarks += all;
      }
    }
    expect(remarks).toBeGreaterThan(0);
  });
});

describe('left-to-right values in a mail', () => {
  it('isolate member numbers, codes and addresses in the HTML, never inside a tag or in the text', () => {
    const variables = {
      number: '1000003',
      officeId: 'DXBAE2190',
      link: 'http://ae.localhost/x',
      firstName: 'Ann',
    };
    expect(
      fillTemplate(
        '<p title="{{number}}">{{firstName}}: <span dir="ltr">RM*AMA {{number}}</span>, {{officeId}} <a href="{{link}}">x</a></p>',
        variables,
        'html',
      ),
    ).toBe(
      '<p title="1000003">Ann: <span dir="ltr">RM*AMA <span dir="ltr">1000003</span></span>, <span dir="ltr">DXBAE2190</span> <a href="http://ae.localhost/x">x</a></p>',
    );
    expect(fillTemplate('RM*AMA {{number}}, {{officeId}}', variables, 'text')).toBe(
      'RM*AMA 1000003, DXBAE2190',
    );
    expect(fillTemplate('{{number}}', variables, 'subject')).toBe('1000003');
    // An empty value leaves no empty element behind.
    expect(fillTemplate('<p>{{orderId}}</p>', {}, 'html')).toBe('<p></p>');
  });

  it('isolate them in counted HTML too, and in the Arabic confirmation the remark reads RM*AMA first', () => {
    expect(
      fillTemplate(
        '{{orderId}}: {points, plural, one {# point} other {# points}}',
        { orderId: '42', points: '3' },
        'html',
      ),
    ).toBe('<span dir="ltr">42</span>: 3 points');
    const texts = languageFiles(join(repositoryRoot, 'content')).find(
      ({ file }) => file === join('countries', 'ae', 'ara.json'),
    )!.texts;
    const html = fillTemplate(
      texts['mail.confirm-email.html']!,
      { link: 'http://ae.localhost/c', number: '1000003', firstName: 'Ann' },
      'html',
      'ar-AE',
    );
    expect(html).toContain('<span dir="ltr">RM*AMA <span dir="ltr">1000003</span></span>');
    expect(html).toContain('<strong><span dir="ltr">1000003</span></strong>');
  });
});

describe('template placeholders', () => {
  it('fill values, empty for unknown names, escaped in HTML', () => {
    expect(fillTemplate('Hi {{ name }}, {{other}}!', { name: 'Ann' }, 'text')).toBe('Hi Ann, !');
    expect(fillTemplate('<a href="{{link}}">', { link: 'http://x/?a=1&b="2"' }, 'html')).toBe(
      '<a href="http://x/?a=1&amp;b=&quot;2&quot;">',
    );
    expect(fillTemplate('{{constructor}}{{toString}}', {}, 'text')).toBe('');
  });
});

describe('mail templates with counts and dates', () => {
  const expiry =
    '{points, plural, one {# point lapses} other {# points lapse}} on {{date}}, in {days, plural, one {# day} other {# days}}: <a href="{{link}}">it\'s yours</a>';

  it('word counts with plural forms and dates in the locale, placeholders kept', () => {
    const variables = { points: '1', days: '30', date: '2027-01-23', link: 'http://x/?a&b' };
    expect(fillTemplate(expiry, variables, 'html', 'en-CY')).toBe(
      '1 point lapses on 23 January 2027, in 30 days: <a href="http://x/?a&amp;b">it\'s yours</a>',
    );
    expect(fillTemplate(expiry, { ...variables, points: '1234', days: '1' }, 'text', 'en-GR')).toBe(
      '1,234 points lapse on January 23, 2027, in 1 day: <a href="http://x/?a&b">it\'s yours</a>',
    );
    expect(
      fillTemplate(
        '{{date}}: {points, plural, one {# πόντος} other {# πόντοι}}',
        variables,
        'subject',
        'el-GR',
      ),
    ).toBe('23 Ιανουαρίου 2027: 1 πόντος');
    expect(placeholdersOf(expiry).sort()).toEqual(['date', 'days', 'link', 'points']);
  });

  it.each([
    ['gr', 'ell', 'el-GR'],
    ['at', 'deu', 'de-AT'],
    ['ae', 'ara', 'ar-AE'],
    ['gr', 'eng', 'en-GR'],
  ])('parse in %s/%s with every plural form of the language', (country, language, locale) => {
    const texts = languageFiles(join(repositoryRoot, 'content')).find(
      ({ file }) => file === join('countries', country, `${language}.json`),
    )!.texts;
    const counted = Object.entries(texts).filter(
      ([key, text]) => key.startsWith('mail.') && isCountedWording(text),
    );
    // points-expiry (subject, text, html), order-failed, order-confirmation, delete-account (text, html).
    expect(counted.length).toBe(9);
    for (const [key, text] of counted)
      expect(countedWordingProblems(text.replace(/\{\{\s*\w+\s*\}\}/g, 'X'), locale), key).toEqual(
        [],
      );
  });

  it('word the demo points-expiry mail in Arabic with its forms', () => {
    const texts = languageFiles(join(repositoryRoot, 'content')).find(
      ({ file }) => file === join('countries', 'ae', 'ara.json'),
    )!.texts;
    const subject = (points: string) =>
      fillTemplate(
        texts['mail.points-expiry.subject']!,
        { points, date: '2027-01-23', days: '7', link: '' },
        'subject',
        'ar-AE',
      );
    expect(subject('1')).toMatch(/^تنتهي صلاحية نقطة واحدة في (23|٢٣) يناير (2027|٢٠٢٧)$/);
    expect(subject('2')).toMatch(/^تنتهي صلاحية نقطتين في/);
    expect(subject('3')).toMatch(/^تنتهي صلاحية 3 نقاط في/);
    expect(subject('11')).toMatch(/^تنتهي صلاحية 11 نقطة في/);
  });
});
