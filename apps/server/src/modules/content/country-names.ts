/**
 * A country's name in a language (`el`, `de`, `ar`…), from the runtime's
 * own region names (ICU), so the registration's country list reads in the
 * page's language; the content's English name where the runtime has none.
 */
export function countryNameIn(countryCode: string, languageShortCode: string, fallback: string) {
  try {
    const names = new Intl.DisplayNames([languageShortCode], { type: 'region', fallback: 'none' });
    return names.of(countryCode.toUpperCase()) ?? fallback;
  } catch {
    // An unknown language tag: the content's name.
    return fallback;
  }
}
