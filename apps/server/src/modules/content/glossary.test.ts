import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../config.js';
import { readContentFolder } from './read-content-folder.js';

/**
 * One word for one thing per language (issue 30): the words the glossary of
 * docs/content.md says not to use, per language code. A pattern is matched
 * case-insensitively against every text of a language file (dictionary,
 * texts, menu, alerts, banner alts, page titles and texts, FAQ items), after
 * addresses (links, email addresses) are taken out, so "club" in
 * `club-gr@example.com` or a partner's `/club` path does not count.
 */
const letter = '[\\p{L}\\p{M}\\p{N}]';
/** The word alone, not inside another word ("club", not "clubs"). */
const word = (text: string) => new RegExp(`(?<!${letter})${text}(?!${letter})`, 'giu');
/** Words beginning so ("ανταμοιβ": ανταμοιβή, ανταμοιβές). */
const stem = (text: string) => new RegExp(`(?<!${letter})${text}${letter}*`, 'giu');
/** Anywhere in a word, compounds too ("Geschenk": Geschenke, Geschenkliste, Wunschgeschenk). */
const part = (text: string) => new RegExp(`${letter}*${text}${letter}*`, 'giu');

const forbiddenWords: Record<string, { use: string; patterns: RegExp[] }[]> = {
  ell: [
    { use: 'λέσχη (the club)', patterns: [word('club')] },
    { use: 'δώρο (a gift); earn πόντους', patterns: [stem('ανταμοιβ')] },
    // The form label glosses its word with the reservation system's "(Office ID)".
    { use: 'κωδικός γραφείου (office ID)', patterns: [word('(?<!\\()office\\s+ID')] },
  ],
  deu: [
    { use: 'Prämie, Prämien, Prämienliste (a gift)', patterns: [part('geschenk')] },
    { use: 'Prämienliste (the list of gifts)', patterns: [part('prämienshop')] },
  ],
  ara: [
    { use: 'هدية، هدايا (a gift); earn النقاط', patterns: [part('مكاف[أآ]')] },
    { use: 'رمز المكتب (office ID)', patterns: [word('رقم\\s+المكتب')] },
  ],
};

const addresses = /href="[^"]*"|(?:https?:|mailto:)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/giu;

function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* strings(item, `${path}[${index}]`);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      yield* strings(item, path ? `${path}.${key}` : key);
    }
  }
}

/** Where a language file uses a word its glossary forbids: `place: "word" (use …)`. */
function forbiddenUses(languageCode: string, file: unknown): string[] {
  const found: string[] = [];
  for (const [path, text] of strings(file, '')) {
    const shown = text.replace(addresses, ' ');
    for (const { use, patterns } of forbiddenWords[languageCode] ?? []) {
      for (const pattern of patterns) {
        for (const match of shown.matchAll(pattern)) {
          found.push(`${path}: "${match[0]}" (use ${use})`);
        }
      }
    }
  }
  return found;
}

describe('the glossary check', () => {
  it('finds a forbidden word alone, as a stem or in a compound, in any case', () => {
    expect(forbiddenUses('ell', { a: 'Καλώς ήρθατε στο Club!', b: 'κερδίζει ανταμοιβές' })).toEqual(
      ['a: "Club" (use λέσχη (the club))', 'b: "ανταμοιβές" (use δώρο (a gift); earn πόντους)'],
    );
    expect(
      forbiddenUses('deu', { dictionary: { x: 'Zur Geschenkliste', y: 'Ihre GESCHENKE' } }),
    ).toEqual([
      'dictionary.x: "Geschenkliste" (use Prämie, Prämien, Prämienliste (a gift))',
      'dictionary.y: "GESCHENKE" (use Prämie, Prämien, Prämienliste (a gift))',
    ]);
    expect(forbiddenUses('ara', { t: 'كسب المكافآت ولمكافأة' })).toHaveLength(2);
  });

  it('does not count addresses, longer words, the Office ID gloss or other languages', () => {
    expect(
      forbiddenUses('ell', {
        a: '<a href="mailto:club-gr@example.com">club-gr@example.com</a>',
        b: '<a href="https://partner.example/club">Amadeus+Me</a>',
        c: 'Κωδικός γραφείου (Office ID)',
        d: 'clubs',
      }),
    ).toEqual([]);
    expect(forbiddenUses('eng', { a: 'the club and its gifts' })).toEqual([]);
  });
});

const demoContent = join(repositoryRoot, 'content');
describe('the demo content', () => {
  it('uses one word for one thing per language: no word its glossary forbids', async () => {
    const found: Record<string, string[]> = {};
    for (const item of await readContentFolder(demoContent)) {
      for (const [languageCode, file] of item.languages) {
        const uses = forbiddenUses(languageCode, file);
        if (uses.length > 0) found[`${item.country.code}/${languageCode}.json`] = uses;
      }
    }
    expect(found).toEqual({});
  });

  it('has a glossary for every language it checks', async () => {
    const languages = new Set<string>();
    for (const item of await readContentFolder(demoContent)) {
      for (const languageCode of item.languages.keys()) languages.add(languageCode);
    }
    expect(Object.keys(forbiddenWords).filter((code) => !languages.has(code))).toEqual([]);
  });
});
