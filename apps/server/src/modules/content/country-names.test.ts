import { describe, expect, it } from 'vitest';
import { countryNameIn } from './country-names.js';

describe('countryNameIn', () => {
  it("names a country in the page's language", () => {
    expect(countryNameIn('at', 'el', 'Austria')).toBe('Αυστρία');
    expect(countryNameIn('ae', 'de', 'United Arab Emirates')).toBe('Vereinigte Arabische Emirate');
    expect(countryNameIn('cy', 'ar', 'Cyprus')).toBe('قبرص');
    expect(countryNameIn('gr', 'en', 'Greece')).toBe('Greece');
  });

  it("keeps the content's name for a code or language the runtime does not know", () => {
    expect(countryNameIn('xq', 'el', 'Nowhere')).toBe('Nowhere');
    expect(countryNameIn('gr', 'not a tag!', 'Greece')).toBe('Greece');
  });
});
