import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageCatalogue } from '@club/contract/message-catalogue';
import { repositoryRoot } from '../../config.js';
import type { LanguageFile } from './content-files.js';
import { readContentFolder, type CountryContent } from './read-content-folder.js';

/**
 * Every word of the demo has a real wording in every language of its country
 * (issue 17: no English left on the Greek, German and Arabic sites): each
 * message of the catalogue, each dictionary word the web app reads, each word
 * of the country's English file, each text (the mail templates among them),
 * page title and menu item.
 */

const demoContent = join(repositoryRoot, 'content');
const webSources = join(repositoryRoot, 'apps/web/src');

/**
 * Words that are the same in English and in the language: names, codes and
 * words the language borrowed (German `Hotel`, `Status`, month names).
 */
const sameAsEnglish: Readonly<Record<string, readonly string[]>> = {
  '*': [
    'productName',
    'points.searchByPnr',
    'points.colPnr',
    'claims.colPnr',
    'points.record.pnr',
    'points.datePlaceholder',
  ],
  deu: [
    'banner.label',
    'day.mo',
    'day.fr',
    'day.sa',
    'month.feb',
    'month.apr',
    'month.jun',
    'month.jul',
    'month.aug',
    'month.sep',
    'month.nov',
    'monthLong.apr',
    'monthLong.aug',
    'monthLong.sep',
    'monthLong.nov',
    'points.colStatus',
    'points.kind.hotel',
    'points.record.segment',
  ],
};

/** What a web screen reads as a dictionary word: `text('key', …)`, `dictionaryText(d, 'key', …)`, `['key', 'fallback']`. */
const wordReads = [
  /\b(?:text|useDictionaryText)\(\s*'([A-Za-z][\w-]*(?:\.[\w-]+)*)'/g,
  /\bdictionaryText\(\s*[\w.]+,\s*'([A-Za-z][\w-]*(?:\.[\w-]+)*)'/g,
  /\[\s*'([A-Za-z][\w-]*\.[\w.-]+)',\s*'/g,
];

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every dictionary key the web app reads by name, with its English fallback beside it. */
async function keysTheWebAppReads(): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const file of await sourceFiles(webSources)) {
    const source = await readFile(file, 'utf8');
    for (const pattern of wordReads)
      for (const match of source.matchAll(pattern)) keys.add(match[1]!);
  }
  return keys;
}

/** The words of a language file by kind, to compare with the English file's. */
function wordsOf(file: LanguageFile): Record<string, Record<string, string>> {
  return {
    dictionary: file.dictionary,
    texts: file.texts,
    'page title': Object.fromEntries(
      Object.entries(file.pages).map(([name, page]) => [name, page.title]),
    ),
    'menu item': Object.fromEntries(file.menuItems.map((item) => [item.pageName, item.title])),
  };
}

/** The problems of one translated file: missing, empty or English words. */
function untranslated(
  file: LanguageFile,
  english: LanguageFile,
  languageCode: string,
  webKeys: ReadonlySet<string>,
): string[] {
  const allowed = new Set([...(sameAsEnglish['*'] ?? []), ...(sameAsEnglish[languageCode] ?? [])]);
  const problems: string[] = [];
  const check = (kind: string, key: string, word: string | undefined, englishWord: string) => {
    if (word === undefined || word.trim() === '') problems.push(`${kind} ${key}: missing`);
    else if (word.trim() === englishWord.trim() && !allowed.has(key))
      problems.push(`${kind} ${key}: English (${JSON.stringify(word)})`);
  };
  for (const [key, englishWord] of Object.entries(messageCatalogue))
    check('message', key, file.dictionary[key], englishWord);
  for (const key of webKeys)
    check('screen word', key, file.dictionary[key], english.dictionary[key] ?? key);
  const translated = wordsOf(file);
  for (const [kind, words] of Object.entries(wordsOf(english)))
    for (const [key, englishWord] of Object.entries(words))
      check(kind, key, translated[kind]?.[key], englishWord);
  return problems;
}

describe('the demo translations', () => {
  it('word every message, screen word, text, page title and menu item in every language', async () => {
    const webKeys = await keysTheWebAppReads();
    const countries: CountryContent[] = await readContentFolder(demoContent);
    let translations = 0;
    for (const { country, languages } of countries) {
      const english = languages.get('eng');
      if (english === undefined) continue;
      for (const [languageCode, file] of languages) {
        if (languageCode === 'eng') continue;
        translations++;
        expect(
          untranslated(file, english, languageCode, webKeys),
          `${country.code}/${languageCode}.json`,
        ).toEqual([]);
      }
    }
    // The demo translates Greek, German and Arabic.
    expect(translations).toBeGreaterThanOrEqual(3);
  });

  it("reads the web app's words", async () => {
    const keys = await keysTheWebAppReads();
    // A screen word, a shell word outside any scope's dot, and a fallback pair of a text page.
    expect(keys).toContain('login.forgotPassword');
    expect(keys).toContain('skipToContent');
    expect(keys).toContain('terms.empty');
  });
});
