import { describe, expect, it } from 'vitest';
import { formatLocaleDate } from './locale-date.js';
import { formatWholeNumber, numberSymbolsOf } from './number-format.js';
import { formattingLocale, localeTag } from './locale-tag.js';

describe('formattingLocale', () => {
  it('writes English outside the US as British English, whatever the country', () => {
    for (const country of ['at', 'gr', 'ae', 'cy'])
      expect(formattingLocale('en', country)).toBe('en-GB');
    expect(formattingLocale('en', 'us')).toBe('en-US');
  });

  it("keeps other languages with their country's customs", () => {
    expect(formattingLocale('de', 'at')).toBe('de-AT');
    expect(formattingLocale('el', 'gr')).toBe('el-GR');
    expect(formattingLocale('ar', 'ae')).toBe('ar-AE');
  });

  it('gives English pages English grouping and the day before the month', () => {
    // The country's own tag would write 1.045 on the Austrian English page, Jan 3 on the Greek one.
    expect(formatWholeNumber(1045, numberSymbolsOf(localeTag('en', 'at')))).toBe('1.045');
    expect(formatWholeNumber(1045, numberSymbolsOf(formattingLocale('en', 'at')))).toBe('1,045');
    expect(formatLocaleDate('2027-01-03', formattingLocale('en', 'gr'), 'long')).toBe(
      '3 January 2027',
    );
  });
});
