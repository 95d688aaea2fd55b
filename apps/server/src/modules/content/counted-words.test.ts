import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeTag } from '@club/contract/locale-tag';
import { isCountedWording } from '@club/contract/message-catalogue';
import { countedWordingProblems } from '@club/contract/message-format';
import { repositoryRoot } from '../../config.js';
import { readContentFolder } from './read-content-folder.js';

/** Words with a count, worded with plural forms ("1 point", "2 points") in every demo language. */
const countedKeys = [
  'gifts.pointsValue',
  'gifts.shown',
  'redeem.addressHint',
  'deleteConfirm.deleted',
  'profileDelete.retention',
  'pointsStatus.nextLapse',
  'points.truncated',
];

describe('counted words of the demo content (ICU MessageFormat)', async () => {
  const countries = await readContentFolder(join(repositoryRoot, 'content'));
  const files = countries.flatMap((item) =>
    [...item.languages].map(([languageCode, file]) => {
      const language = item.country.languages.find(({ code }) => code === languageCode)!;
      return {
        name: `${item.country.code}/${languageCode}.json`,
        locale: localeTag(language.shortCode, item.country.code),
        // Mail templates, with their `{{name}}` placeholders, are checked in mail-templates.test.ts.
        words: {
          ...file.dictionary,
          ...Object.fromEntries(
            Object.entries(file.texts).filter(([key]) => !key.startsWith('mail.')),
          ),
        },
      };
    }),
  );

  it('word every count with plural forms, in every language', () => {
    for (const { name, words } of files)
      for (const key of countedKeys)
        expect(isCountedWording(words[key] ?? ''), `${name} ${key}`).toBe(true);
  });

  it('parse, and give each plural every form its language needs (Arabic six)', () => {
    let checked = 0;
    for (const { name, locale, words } of files)
      for (const [key, word] of Object.entries(words)) {
        if (!isCountedWording(word)) continue;
        checked += 1;
        expect(countedWordingProblems(word, locale), `${name} ${key}`).toEqual([]);
      }
    expect(checked).toBeGreaterThanOrEqual(countedKeys.length * files.length);
  });
});
