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

/**
 * What keeps a counted wording from reading right in its locale: broken
 * syntax, or a plural that lacks one of the locale's categories (Arabic
 * needs zero, one, two, few, many and other). Empty when it is fine; the
 * content's tests check every counted word with it.
 */
export function countedWordingProblems(wording: string, locale: string): string[] {
  let ast: unknown[];
  try {
    ast = new IntlMessageFormat(wording, locale, undefined, { ignoreTag: true }).getAst();
  } catch (error) {
    return [`syntax: ${error instanceof Error ? error.message : String(error)}`];
  }
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const problems: string[] = [];
  const walk = (elements: readonly unknown[]) => {
    for (const element of elements) {
      if (typeof element !== 'object' || element === null || !('options' in element)) continue;
      const { options, value } = element as {
        options: Record<string, { value: unknown[] }>;
        value: string;
      };
      const plural = 'pluralType' in element && element.pluralType === 'cardinal';
      if (plural)
        for (const category of categories)
          if (!Object.hasOwn(options, category)) problems.push(`${value}: no ${category} form`);
      for (const option of Object.values(options)) walk(option.value);
    }
  };
  walk(ast);
  return problems;
}

installCountedFormatter(formatCountedWording);
