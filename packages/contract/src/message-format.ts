import { IntlMessageFormat } from 'intl-messageformat';
import {
  fillPlaceholders,
  installCountedFormatter,
  otherForms,
  type MessageValues,
} from './message-catalogue.js';

/**
 * The one ICU MessageFormat formatter of the club (FormatJS's
 * intl-messageformat), for wordings with plural and select forms, on the
 * server and in the web app alike. Plural categories come from the locale's
 * rules (Intl.PluralRules): English and German `one`/`other`, Arabic `zero`,
 * `one`, `two`, `few`, `many`, `other`. Importing this module installs it as
 * the formatter of `fillWording` and `wordMessage` (message-catalogue.ts).
 */

/** Compiled wordings by locale; content has a few hundred words, a bound keeps edited content from growing it. */
const compiled = new Map<string, IntlMessageFormat | null>();
const COMPILED_LIMIT = 2000;

function compile(wording: string, locale: string): IntlMessageFormat | null {
  const key = `${locale}\u0000${wording}`;
  const known = compiled.get(key);
  if (known !== undefined) return known;
  let format: IntlMessageFormat | null;
  try {
    // Tags are text here (`<a href>` of a mail, `<strong>`), never rich-text elements.
    format = new IntlMessageFormat(wording, safeLocale(locale), undefined, { ignoreTag: true });
  } catch {
    // Edited content with broken ICU syntax: worded as plainly as it can be, never an error.
    format = null;
  }
  if (compiled.size >= COMPILED_LIMIT) compiled.clear();
  compiled.set(key, format);
  return format;
}

function safeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/**
 * A counted wording with its values in a locale. A missing value or broken
 * syntax gives the wording's `other` forms with the values it has, never an error.
 */
export function formatCountedWording(
  wording: string,
  values: MessageValues,
  locale: string,
): string {
  const format = compile(wording, locale);
  if (format !== null) {
    try {
      const worded = format.format(values);
      if (typeof worded === 'string') return worded;
    } catch {
      // A value the wording names is missing: fall through.
    }
  }
  return fillPlaceholders(otherForms(wording, values), values);
}

installCountedFormatter(formatCountedWording);
