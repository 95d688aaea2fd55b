import { describe, expect, it } from 'vitest';
import greek from '../../../../../content/countries/gr/ell.json';
import german from '../../../../../content/countries/at/deu.json';
import arabic from '../../../../../content/countries/ae/ara.json';
import { fallbackLanguages } from './fallback-words';

const demoDictionaries: Record<string, Record<string, string>> = {
  ell: greek.dictionary,
  deu: german.dictionary,
  ara: arabic.dictionary,
};

describe('the words of the page without a layout', () => {
  it.each(Object.entries(demoDictionaries))(
    "are the demo content's words in %s",
    (code, dictionary) => {
      const language = fallbackLanguages[code]!;
      for (const [key, word] of Object.entries(language.words)) expect(word).toBe(dictionary[key]);
    },
  );

  it('set Arabic right to left, the others left to right', () => {
    expect(fallbackLanguages.ara!.isRtl).toBe(true);
    expect(fallbackLanguages.ell!.isRtl).toBe(false);
    expect(fallbackLanguages.deu!.isRtl).toBe(false);
  });
});
