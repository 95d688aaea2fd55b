import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
