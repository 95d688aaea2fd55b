/* No runtime zod here: the web app's initial bundle imports this module. */

/** `<html lang>` of a layout: the language's short code with the country (`el-GR`). */
export function localeTag(languageShortCode: string, countryCode: string): string {
  const country = countryCode.toUpperCase();
  return country === '' ? languageShortCode : `${languageShortCode}-${country}`;
}

/**
 * The locale that writes a page's dates and numbers. English outside the US
 * is British English: day before month, and English grouping (`1,045`; the
 * country's own `en-AT` would write `1.045`, `en-GR` would put the month
 * first). Other languages take their country's customs (`de-AT`: "Jänner").
 */
export function formattingLocale(languageShortCode: string, countryCode: string): string {
  if (languageShortCode === 'en' && countryCode.toUpperCase() !== 'US') return 'en-GB';
  return localeTag(languageShortCode, countryCode);
}
