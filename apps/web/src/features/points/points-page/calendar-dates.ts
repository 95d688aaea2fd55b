import { isCalendarDate } from '@club/contract/calendar-date';

/**
 * Calendar arithmetic of the date picker on UTC dates (no time zone or
 * daylight-saving surprises): a day is a `Date` at 00:00 UTC.
 */

/**
 * `YYYY-MM-DD` of a date the search takes (the contract's calendar-date rule:
 * a real day of 1900–2199) as a day, or null: the picker then opens at today.
 */
export function parseIsoDate(value: string): Date | null {
  return isCalendarDate(value) ? new Date(`${value}T00:00:00Z`) : null;
}

export function isoDate(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** Today in the browser's time zone, as a day. */
export function today(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
}

export function addDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * 86_400_000);
}

/** The same day of another month, or that month's last day when it is shorter. */
export function addMonths(day: Date, months: number): Date {
  const first = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months, 1));
  const lastDay = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
  ).getUTCDate();
  return new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day.getUTCDate(), lastDay)),
  );
}

/** 0 for Monday … 6 for Sunday (the week starts on Monday). */
export function weekdayIndex(day: Date): number {
  return (day.getUTCDay() + 6) % 7;
}

/** The weeks of the month of `day`, Monday first; null pads the days of other months. */
export function monthWeeks(day: Date): (Date | null)[][] {
  const year = day.getUTCFullYear();
  const month = day.getUTCMonth();
  const first = new Date(Date.UTC(year, month, 1));
  const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: (Date | null)[] = Array.from({ length: weekdayIndex(first) }, () => null);
  for (let date = 1; date <= length; date++) cells.push(new Date(Date.UTC(year, month, date)));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (Date | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}
