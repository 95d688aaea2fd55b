/* No runtime zod here: the server's record parsers and the web's date picker use it too. */

/**
 * The shared calendar-date rule: a date is `YYYY-MM-DD`, a real day of the
 * Gregorian calendar (no 30 February) and within the years the club's data
 * can hold. PostgreSQL's `date` refuses year 0 and JavaScript's `Date` reads
 * it as 1 BC, so an unbounded year would pass here and fail in the database;
 * bookings, points and ordering dates all lie well within 1900–2199.
 */
export const CALENDAR_YEARS = { first: 1900, last: 2199 } as const;

export const FIRST_CALENDAR_DATE = `${CALENDAR_YEARS.first}-01-01`;
export const LAST_CALENDAR_DATE = `${CALENDAR_YEARS.last}-12-31`;

/** What is wrong with a date text: its format (or no such day), or its year; null when it is a club date. */
export type CalendarDateProblem = 'format' | 'range' | null;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days of a month (1–12) of the Gregorian calendar, by arithmetic: no time zone can move it. */
function daysIn(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!;
}

/** `YYYY-MM-DD` of a real calendar day, whatever its year. */
function isRealDay(value: string): boolean {
  const match = isoDate.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

export function calendarDateProblem(value: string): CalendarDateProblem {
  if (!isRealDay(value)) return 'format';
  const year = Number(value.slice(0, 4));
  return year < CALENDAR_YEARS.first || year > CALENDAR_YEARS.last ? 'range' : null;
}

/** A real calendar day as `YYYY-MM-DD` within the club's years. */
export const isCalendarDate = (value: string): boolean => calendarDateProblem(value) === null;
