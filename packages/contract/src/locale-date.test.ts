import { describe, expect, it } from 'vitest';
import { formatLocaleDate, parseLocaleDate } from './locale-date.js';

const locales = ['en-GR', 'el-GR', 'de-AT', 'ar-AE', 'en-AE', 'en-CY'];

describe('dates in the member’s language', () => {
  it('writes a date with the month’s name of each language, not ISO', () => {
    expect(formatLocaleDate('2027-01-23', 'en-GR')).toBe('January 23, 2027');
    expect(formatLocaleDate('2027-01-23', 'en-AE')).toBe('23 January 2027');
    expect(formatLocaleDate('2027-01-23', 'el-GR')).toBe('23 Ιανουαρίου 2027');
    expect(formatLocaleDate('2027-01-23', 'de-AT')).toBe('23. Jänner 2027');
    expect(formatLocaleDate('2027-03-05', 'de-AT', 'short')).toBe('5. März 2027');
    expect(formatLocaleDate('2027-01-23', 'ar-AE')).toMatch(/^23 يناير 2027$|^٢٣ يناير ٢٠٢٧$/);
  });

  it('keeps the day whatever the time zone, and leaves a text that is not a date as it is', () => {
    expect(formatLocaleDate('2026-12-31', 'en-CY')).toBe('31 December 2026');
    expect(formatLocaleDate('not a date', 'en-GR')).toBe('not a date');
    expect(formatLocaleDate('2026-02-30', 'en-GR')).toBe('2026-02-30');
  });

  it('reads back every date it writes, long and short, in every language', () => {
    for (const locale of locales)
      for (const iso of ['2027-01-23', '2026-02-28', '2024-02-29', '2026-09-01', '2026-12-31'])
        for (const style of ['long', 'short'] as const)
          expect(
            parseLocaleDate(formatLocaleDate(iso, locale, style), locale),
            `${locale} ${style} ${iso}`,
          ).toBe(iso);
  });

  it('reads ISO, numeric forms in the locale’s order, typed names and Arabic-Indic digits', () => {
    expect(parseLocaleDate('2027-01-23', 'ar-AE')).toBe('2027-01-23');
    expect(parseLocaleDate(' 2027-1-5 ', 'en-GR')).toBe('2027-01-05');
    expect(parseLocaleDate('23.01.2027', 'de-AT')).toBe('2027-01-23');
    expect(parseLocaleDate('23/01/2027', 'el-GR')).toBe('2027-01-23');
    expect(parseLocaleDate('1/23/2027', 'en-GR')).toBe('2027-01-23');
    expect(parseLocaleDate('23 jan 2027', 'en-AE')).toBe('2027-01-23');
    expect(parseLocaleDate('23 Ιανουάριος 2027', 'el-GR')).toBe('2027-01-23');
    expect(parseLocaleDate('23 ιαν 2027', 'el-GR')).toBe('2027-01-23');
    expect(parseLocaleDate('3. März 2027', 'de-AT')).toBe('2027-03-03');
    expect(parseLocaleDate('3. Marz 2027', 'de-AT')).toBe('2027-03-03');
    expect(parseLocaleDate('٢٣ يناير ٢٠٢٧', 'ar-AE')).toBe('2027-01-23');
    expect(parseLocaleDate('23 سبتمبر 2026', 'ar-AE')).toBe('2026-09-23');
  });

  it('refuses what is not a club day', () => {
    for (const typed of [
      '',
      '2026-02-30',
      '30 February 2026',
      '23 Foo 2027',
      '23 2027',
      '1899-12-31',
      '23/13/2027',
      'ju 3 2027',
    ])
      expect(parseLocaleDate(typed, 'en-GR'), typed).toBeNull();
  });
});
