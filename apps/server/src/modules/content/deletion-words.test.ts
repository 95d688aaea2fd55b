import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../config.js';

/**
 * The delete page and the mail that confirms the deletion say the same thing
 * about the member's points and when (issue 30): the page's sentence about
 * the points is the mail's, word for word, in every language of the demo, and
 * both count the same days (the country's linkLifeTime).
 */

const countries = join(repositoryRoot, 'content/countries');

type LanguageFile = { dictionary?: Record<string, string>; texts?: Record<string, string> };

async function languageFiles(): Promise<{ name: string; file: LanguageFile }[]> {
  const found: { name: string; file: LanguageFile }[] = [];
  for (const country of await readdir(countries)) {
    for (const name of await readdir(join(countries, country))) {
      if (name === 'country.json' || !name.endsWith('.json')) continue;
      const text = await readFile(join(countries, country, name), 'utf8');
      found.push({ name: `${country}/${name}`, file: JSON.parse(text) as LanguageFile });
    }
  }
  return found;
}

describe('the delete page and its mail', () => {
  it('say the same sentence about the points, after the same number of days', async () => {
    const files = await languageFiles();
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const { name, file } of files) {
      const words = { ...file.dictionary, ...file.texts };
      const page = words['profileDelete.retention'];
      const text = words['mail.delete-account.text'];
      const html = words['mail.delete-account.html'];
      expect(
        [page, text, html].every((word) => typeof word === 'string'),
        name,
      ).toBe(true);
      // The page's sentence after the days: what becomes of the points.
      const afterDays = page!.slice(page!.lastIndexOf('}}') + 2);
      const points = afterDays.slice(afterDays.indexOf('. ') + 2).trim();
      expect(points.length, `${name}: the points sentence`).toBeGreaterThan(40);
      expect(text, `${name}: text mail`).toContain(points);
      expect(html, `${name}: HTML mail`).toContain(points);
      // The same days: the page's plural of {days} is the mail's of {linkLifeTime}.
      const plural = (word: string, name: string) =>
        new RegExp(`\\{${name}, plural, (.*?\\}\\})`).exec(word)?.[1];
      expect(plural(text!, 'linkLifeTime'), `${name}: the days`).toBe(plural(page!, 'days'));
    }
  });
});
