import { describe, expect, it } from 'vitest';
import { countryName, languageName } from './names';

describe('names instead of codes', () => {
  it('names the club’s countries and languages', () => {
    expect(['gr', 'at', 'ae', 'cy'].map(countryName)).toEqual([
      'Greece',
      'Austria',
      'United Arab Emirates',
      'Cyprus',
    ]);
    expect(['ell', 'deu', 'ara', 'eng'].map(languageName)).toEqual([
      'Greek',
      'German',
      'Arabic',
      'English',
    ]);
  });

  it('keeps a code nobody names as it is', () => {
    expect(countryName('zz')).toBe('ZZ');
    expect(languageName('qqq')).toBe('qqq');
  });
});
