import { isCalendarDate } from './calendar-date.js';

/* No runtime zod here: the web app's screens and the server's mails use it. */

/**
 * Calendar dates (`YYYY-MM-DD`) written in a language and country, with the
 * day and month names of the locale (Intl.DateTimeFormat): "23 January 2027",
 * "23 Ιανουαρίου 2027", "23. Jänner 2027", "23 يناير 2027". A date is a day,
 * not an instant: it is formatted in UTC so no time zone moves it.
 * `parseLocaleDate` reads the same written forms back (and ISO), so a date
 * field accepts what the page shows.
 */

/** `long`: the month's name (sentences); `short`: its abbreviation (tables). */
export type DateStyle = 'long' | 'short';

const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, month: 'long' | 'short' | 'numeric'): Intl.DateTimeFormat {
  const key = `${locale}\u0000${month}`;
  let format = formats.get(key);
  if (format === undefined) {
    const options: Intl.DateTimeFormatOptions = {
      day: 'numeric',
      month,
      year: 'numeric',
      timeZone: 'UTC',
    };
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      // A locale Intl does not take (edited content): English rather than an error.
      format = new Intl.DateTimeFormat('en', options);
    }
    formats.set(key, format);
  }
  return format;
}

function monthYearFormat(locale: string, month: 'long' | 'short'): Intl.DateTimeFormat {
  const resolved = dateFormat(locale, 'long').resolvedOptions().locale;
  return new Intl.DateTimeFormat(resolved, { month, year: 'numeric', timeZone: 'UTC' });
}

const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** A calendar date in the locale's words; a text that is not a date stays as it is. */
export function formatLocaleDate(iso: string, locale: string, style: DateStyle = 'long'): string {
  if (!isCalendarDate(iso)) return iso;
  return dateFormat(locale, style).format(dayOf(iso));
}

/** Lower case, without accents or Arabic-Indic digits: how typed and known names are compared. */
function normalized(text: string, locale: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .toLocaleLowerCase(safeLocale(locale));
}

function safeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

type DateReading = {
  /** Every written form of each month (long, short, in a date and standing alone), normalized, by month 1–12. */
  months: Map<string, number>;
  /** The order of day, month and year in the locale's numeric dates (`23/01/2027`, `1/23/2027`). */
  numericOrder: ('day' | 'month' | 'year')[];
};

const readings = new Map<string, DateReading>();

function dateReading(locale: string): DateReading {
  let reading = readings.get(locale);
  if (reading !== undefined) return reading;
  const months = new Map<string, number>();
  for (let month = 1; month <= 12; month++) {
    const day = new Date(Date.UTC(2000, month - 1, 15));
    const names = [
      ...(['long', 'short'] as const).map(
        (style) =>
          dateFormat(locale, style)
            .formatToParts(day)
            .find((part) => part.type === 'month')?.value,
      ),
      // With the year only: Greek names the month in the nominative there ("Ιανουάριος 2027").
      ...(['long', 'short'] as const).map(
        (style) =>
          monthYearFormat(locale, style)
            .formatToParts(day)
            .find((part) => part.type === 'month')?.value,
      ),
    ];
    for (const name of names)
      if (name !== undefined) months.set(normalized(name, locale).replace(/\./g, ''), month);
  }
  const numericOrder = dateFormat(locale, 'numeric')
    .formatToParts(new Date(Date.UTC(2000, 0, 15)))
    .map((part) => part.type)
    .filter((type): type is 'day' | 'month' | 'year' => ['day', 'month', 'year'].includes(type));
  reading = { months, numericOrder };
  readings.set(locale, reading);
  return reading;
}

const pad = (value: number) => String(value).padStart(2, '0');

function isoOf(year: number, month: number, day: number): string | null {
  const iso = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  return isCalendarDate(iso) ? iso : null;
}

/**
 * A date as typed in a field: ISO (`2027-01-23`), the locale's written form
 * ("23 January 2027", "23 Ιαν 2027", "23. Jänner 2027", "٢٣ يناير ٢٠٢٧"), or its
 * numeric form (`23/01/2027`, `23.01.2027`), as `YYYY-MM-DD`; null when it
 * is not a club date (the calendar-date rule).
 */
export function parseLocaleDate(text: string, locale: string): string | null {
  const typed = normalized(text.trim(), locale);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const tokens = typed.match(/\p{L}+|\d+/gu) ?? [];
  const numbers = tokens.filter((token) => /^\d+$/.test(token));
  const words = tokens.filter((token) => !/^\d+$/.test(token));
  const reading = dateReading(locale);
  if (words.length === 1 && numbers.length === 2) {
    const month = reading.months.get(words[0]!) ?? monthByPrefix(reading, words[0]!);
    if (month === undefined) return null;
    const yearFirst = numbers[0]!.length === 4;
    const [year, day] = yearFirst ? [numbers[0]!, numbers[1]!] : [numbers[1]!, numbers[0]!];
    if (year.length !== 4 || day.length > 2) return null;
    return isoOf(Number(year), month, Number(day));
  }
  if (words.length === 0 && numbers.length === 3) {
    const order =
      numbers[0]!.length === 4 ? (['year', 'month', 'day'] as const) : reading.numericOrder;
    if (order.length !== 3) return null;
    const part = (name: 'day' | 'month' | 'year') => numbers[order.indexOf(name)]!;
    if (part('year').length !== 4) return null;
    return isoOf(Number(part('year')), Number(part('month')), Number(part('day')));
  }
  return null;
}

/** A month whose long name starts with what was typed (three letters at least): "sept", "ιαν". */
function monthByPrefix(reading: DateReading, word: string): number | undefined {
  if ([...word].length < 3) return undefined;
  const found = new Set<number>();
  for (const [name, month] of reading.months) if (name.startsWith(word)) found.add(month);
  return found.size === 1 ? [...found][0] : undefined;
}
