/**
 * The console's numbers and dates in English, written by hand instead of
 * with Intl: a browser's first Intl formatter costs some 20 ms of ICU set-up
 * (80 ms on a phone-speed CPU), a long task on the first paint of the member
 * view and the reports. The output is Intl's own (english-format.test.ts).
 */

const monthsEnglish = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
/** British English abbreviates September with four letters. */
const monthsBritish = monthsEnglish.map((month) => (month === 'Sep' ? 'Sept' : month));

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Digits grouped by threes with commas. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A number as `Intl.NumberFormat('en')` writes it: `-1,234,567.5` (at most three decimals). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Math.round(Math.abs(value) * 1000) / 1000;
  const [whole = '0', fraction] = rounded
    .toFixed(3)
    .replace(/\.?0+$/, '')
    .split('.');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** A moment as `Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })` writes it, in the browser's time zone: `5 Sept 2026, 09:07`. */
export function formatDateTime(date: Date): string {
  return `${date.getDate()} ${monthsBritish[date.getMonth()]} ${date.getFullYear()}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/**
 * The console's one way to write a moment: `5 Sept 2026, 09:07 UTC`, always in
 * UTC and saying so (staff of several countries read one log; the audit
 * filter counts whole days in UTC). Intl's en-GB medium date and short time.
 */
export function formatMoment(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '—';
  return `${date.getUTCDate()} ${monthsBritish[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`;
}

/** A calendar day `2026-09-05` (no time, so no time zone) as the moments write it: `5 Sept 2026`. */
export function formatDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  if (year === undefined || month === undefined || date === undefined || Number.isNaN(date))
    return day;
  return `${date} ${monthsBritish[month - 1] ?? ''} ${year}`;
}

/** A month `2026-11` as `Intl.DateTimeFormat('en', { month: 'short', year: 'numeric' })` writes it: `Nov 2026`. */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return `${monthsEnglish[(number ?? 1) - 1] ?? ''} ${year}`;
}

/** A count with its noun in the singular or the plural: `1 part`, `2 parts`, `1,200 parts`. */
export function countOf(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}
