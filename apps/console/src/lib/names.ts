/**
 * Countries and languages by name, never by code ("Austria", "German"; not
 * "at", "deu"). Intl's display names know every code the club may add; the
 * formatters are made on first use, not on the first paint.
 */
let regions: Intl.DisplayNames | undefined;
let languages: Intl.DisplayNames | undefined;

function nameOf(names: Intl.DisplayNames, code: string): string | undefined {
  try {
    const name = names.of(code);
    // Codes nobody names come back as themselves or as "Unknown Region".
    return name === undefined || name.toLowerCase() === code.toLowerCase() || /^unknown/i.test(name)
      ? undefined
      : name;
  } catch {
    return undefined;
  }
}

/** A country's name in English: `at` reads "Austria"; an unknown code stays as it is, upper-case. */
export function countryName(code: string): string {
  regions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return nameOf(regions, code.toUpperCase()) ?? code.toUpperCase();
}

/** A language's name in English: `deu` (the club's three letters) reads "German". */
export function languageName(code: string): string {
  languages ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
  return nameOf(languages, code) ?? code;
}
