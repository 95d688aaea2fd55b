import type { ClientLayout } from '@club/contract/client-layout';
import { fallbackLanguages, type FallbackLanguage } from './fallback-words';

/*
 * A chunk of its own, loaded only when the layout failed. It imports nothing
 * of the first script (its caller hands in what it needs): a shared module
 * would split the first script into more files.
 */

/**
 * The language of a page whose layout could not be loaded: the first of the
 * `wanted` codes the club speaks (the address's prefix, the language last
 * chosen in the switcher), else the first of the browser's languages it
 * speaks; English otherwise.
 */
export function fallbackLanguageCode(
  wanted: readonly (string | null | undefined)[],
  browserLanguages: readonly string[],
  known: Record<string, Pick<FallbackLanguage, 'shortCode'>> = fallbackLanguages,
): string {
  for (const code of wanted) if (code != null && code in known) return code;
  for (const tag of browserLanguages) {
    const short = tag.split('-')[0]!.toLowerCase();
    const found = Object.entries(known).find(([, language]) => language.shortCode === short);
    if (found) return found[0];
  }
  return 'eng';
}

/**
 * The English fallback `base` in the page's language and direction (issue
 * 30: the Arabic site showed it in English, left to right).
 */
export function fallbackLayoutIn(base: ClientLayout, code: string): ClientLayout {
  const language = fallbackLanguages[code];
  if (language === undefined) return base;
  return {
    ...base,
    languageCode: code,
    languageShortCode: language.shortCode,
    isRtl: language.isRtl,
    dictionary: language.words,
  };
}
