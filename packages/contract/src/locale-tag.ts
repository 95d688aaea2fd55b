/* No runtime zod here: the web app's initial bundle imports this module. */

/** `<html lang>` of a layout: the language's short code with the country (`el-GR`). */
export function localeTag(languageShortCode: string, countryCode: string): string {
  const country = countryCode.toUpperCase();
  return country === '' ? languageShortCode : `${languageShortCode}-${country}`;
}
