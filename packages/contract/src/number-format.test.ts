import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localeTag } from './locale-tag.js';
import { formatWholeNumber, numberSymbolsOf, plainNumberSymbols } from './number-format.js';

/** The club's locales, and others with other digits, separators and group sizes. */
const locales = [
  'en-GR',
  'el-GR',
  'en-AT',
  'de-AT',
  'en-AE',
  'ar-AE',
  'en-CY',
  'ar',
  'ar-EG',
  'en-IN',
  'hi-IN',
  'es-ES',
  'pl-PL',
  'fr-FR',
  'de-CH',
  'fa-IR',
  'th-TH',
  'ja-JP',
];

describe('formatWholeNumber with the symbols of a locale', () => {
  for (const locale of locales) {
    it(`writes whole numbers as Intl does in ${locale}`, () => {
      const symbols = numberSymbolsOf(locale);
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
      const samples = [
        0, 1, 9, 10, 999, 1000, 9999, 10_000, 12_345, 123_456, 1_234_567, -1, -1000, -1_234_567,
      ];
      for (const value of samples)
        expect(formatWholeNumber(value, symbols)).toBe(intl.format(value));
      fc.assert(
        fc.property(fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }), (value) => {
          expect(formatWholeNumber(value, symbols)).toBe(intl.format(value));
        }),
        { seed: 20261125, numRuns: 300 },
      );
    });
  }

  it('rounds fractions as the points screens show whole numbers', () => {
    expect(formatWholeNumber(1234.6, numberSymbolsOf('en-GR'))).toBe('1,235');
    expect(formatWholeNumber(-0.2, plainNumberSymbols)).toBe('0');
  });

  it('falls back to plain symbols for a tag Intl refuses', () => {
    expect(numberSymbolsOf('not a locale!')).toEqual(plainNumberSymbols);
    expect(formatWholeNumber(1234567, plainNumberSymbols)).toBe('1,234,567');
  });

  it('tags the locale as <html lang> does', () => {
    expect(localeTag('el', 'gr')).toBe('el-GR');
    expect(localeTag('en', '')).toBe('en');
  });
});
