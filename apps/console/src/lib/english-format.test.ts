import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatDateTime,
  formatDay,
  formatMoment,
  formatMonth,
  formatNumber,
} from './english-format';

// The hand-written formats stand in for Intl on the first paint: they must write what Intl writes.
describe('English formats without Intl', () => {
  it('writes numbers as Intl.NumberFormat("en")', () => {
    const intl = new Intl.NumberFormat('en');
    for (const value of [
      0,
      1,
      -1,
      7,
      12,
      999,
      1000,
      -1000,
      12_345,
      999_999,
      1_000_000,
      -1_234_567,
      2 ** 31,
      0.5,
      1.25,
      -1234567.5,
      0.1 + 0.2,
      3.14159,
      1e-4,
      -0.0001,
      9999.9996,
    ])
      expect(formatNumber(value), String(value)).toBe(intl.format(value));
  });

  it('writes moments as Intl.DateTimeFormat("en-GB", medium date, short time)', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    for (let month = 0; month < 12; month++)
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 9, 7],
        [28, 23, 59],
      ] as const) {
        const date = new Date(2026, month, day, hour, minute);
        expect(formatDateTime(date)).toBe(intl.format(date));
      }
  });

  it('writes months as Intl.DateTimeFormat("en", short month and year)', () => {
    const intl = new Intl.DateTimeFormat('en', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let month = 1; month <= 12; month++) {
      const iso = `2027-${String(month).padStart(2, '0')}`;
      expect(formatMonth(iso)).toBe(intl.format(new Date(`${iso}-01T00:00:00Z`)));
    }
  });

  it('writes a count with its noun in the singular or the plural', () => {
    expect(countOf(1, 'part', 'parts')).toBe('1 part');
    expect(countOf(0, 'part', 'parts')).toBe('0 parts');
    expect(countOf(2, 'part', 'parts')).toBe('2 parts');
    expect(countOf(1200, 'part', 'parts')).toBe('1,200 parts');
  });
});

describe('the console’s one moment format', () => {
  it('writes every moment in UTC and says so, as Intl en-GB medium date and short time', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    for (let month = 0; month < 12; month++)
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 9, 7],
        [28, 23, 59],
      ] as const) {
        const date = new Date(Date.UTC(2026, month, day, hour, minute));
        expect(formatMoment(date.toISOString())).toBe(`${intl.format(date)} UTC`);
      }
    expect(formatMoment('2026-09-05T09:07:30.000Z')).toBe('5 Sept 2026, 09:07 UTC');
    expect(formatMoment('not a time')).toBe('—');
  });

  it('writes a calendar day like the moments, without a time', () => {
    expect(formatDay('2026-09-05')).toBe('5 Sept 2026');
    expect(formatDay('2026-11-26')).toBe('26 Nov 2026');
  });
});
