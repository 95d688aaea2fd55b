import { describe, expect, it } from 'vitest';
import { fieldMessages, validationAnswer } from './validation-data.js';

const tooLong = (maximum: number) => ({
  path: ['giftDeliveryAddress'],
  message: 'validation.maxLength',
  maximum,
});

describe("page messages in the page's language, by the server's one formatter", () => {
  const arabic = {
    'validation.maxLength':
      '{maximum, plural, zero {لا أحرف} one {حرف واحد كحد أقصى} two {حرفان كحد أقصى} few {# أحرف كحد أقصى} many {# حرفًا كحد أقصى} other {# حرف كحد أقصى}}',
  };

  it('chooses plural forms by the locale’s rules (Arabic 1, 2, 3, 11, 100)', () => {
    const worded = [1, 2, 3, 11, 100].map(
      (maximum) =>
        fieldMessages([tooLong(maximum)], 'form', { words: arabic, locale: 'ar-AE' })
          .giftDeliveryAddress,
    );
    expect(worded).toEqual([
      'حرف واحد كحد أقصى',
      'حرفان كحد أقصى',
      '3 أحرف كحد أقصى',
      '11 حرفًا كحد أقصى',
      '100 حرف كحد أقصى',
    ]);
  });

  it("fills the country's phone example, or the default one without a country", () => {
    const issue = { path: ['phone'], message: 'validation.phone' };
    expect(
      validationAnswer([issue], { values: { phoneExample: '+43 6641234567' } }).validationMessages,
    ).toEqual({ phone: ['Wrong format, e.g. +43 6641234567'] });
    expect(fieldMessages([issue], 'form').phone).toBe('Wrong format, e.g. +30 2101234567');
  });
});
