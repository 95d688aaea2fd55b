import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateForm } from './form-validation.js';

describe('validateForm', () => {
  it('answers the first message of each field, keyed by its path', () => {
    const schema = z.object({ email: z.string().min(1, 'Field is required').email('Wrong') });
    expect(validateForm(schema, { email: '' })).toEqual({
      validationMessages: { email: ['Field is required'] },
    });
    expect(validateForm(schema, { email: 'a@b.example' })).toEqual({
      data: { email: 'a@b.example' },
    });
  });

  // A field named like a member of a plain object met that member: `toString`
  // threw (a 500), `constructor` lost its message.
  it('keeps fields named like members of a plain object', () => {
    const schema = z.record(z.string(), z.string('Text only'));
    const answer = validateForm(schema, { toString: 1, constructor: 2, valueOf: 3 });
    expect(JSON.parse(JSON.stringify(answer))).toEqual({
      validationMessages: {
        toString: ['Text only'],
        constructor: ['Text only'],
        valueOf: ['Text only'],
      },
    });
  });
});
