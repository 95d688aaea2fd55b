import { describe, expect, it } from 'vitest';
import { calendarNames } from './calendar-names';
import { dictionaryText, productName } from './dictionary';

describe('calendarNames', () => {
  it('falls back to the English abbreviations', () => {
    expect(calendarNames({})).toEqual({
      weekdays: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'],
      months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    });
  });

  it('takes the names the dictionary has, key by key', () => {
    const names = calendarNames({
      'day.mo': 'Δε',
      'day.su': 'Κυ',
      'month.jan': 'Ιαν',
      'month.dec': '',
    });
    expect(names.weekdays[0]).toBe('Δε');
    expect(names.weekdays[1]).toBe('Tu');
    expect(names.weekdays[6]).toBe('Κυ');
    expect(names.months[0]).toBe('Ιαν');
    expect(names.months[11]).toBe('Dec');
  });
});

describe('dictionaryText', () => {
  it('uses the fallback for missing or blank keys', () => {
    expect(dictionaryText({ a: 'A' }, 'a', 'x')).toBe('A');
    expect(dictionaryText({ a: ' ' }, 'a', 'x')).toBe('x');
    expect(dictionaryText({}, 'a', 'x')).toBe('x');
  });

  it('names the product Amadeus+Me unless the dictionary says otherwise', () => {
    expect(productName({})).toBe('Amadeus+Me');
    expect(productName({ productName: 'Club' })).toBe('Club');
  });
});
