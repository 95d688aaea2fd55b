import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { urlValidatorCompiler } from './url-validation.js';

let parses = 0;
const QuerySchema = z.object({
  countryCode: z
    .string()
    .regex(/^[a-z]{2}$/, 'two letters')
    .optional(),
  page: z.string().transform((value) => {
    parses += 1;
    return value.toUpperCase();
  }),
});

const compile = (httpPart: string) =>
  urlValidatorCompiler({
    schema: QuerySchema,
    httpPart,
    method: 'GET',
    url: '/test',
  });

type Outcome = { value?: Record<string, unknown>; error?: unknown };

describe('the URL validator compiler', () => {
  it('answers a repeated query from memory, each time with its own copy', () => {
    const validate = compile('querystring');
    parses = 0;
    const first = validate({ countryCode: 'gr', page: 'faq' }) as Outcome;
    const second = validate({ countryCode: 'gr', page: 'faq' }) as Outcome;
    expect(parses).toBe(1);
    expect(first.value).toEqual({ countryCode: 'gr', page: 'FAQ' });
    expect(second.value).toEqual(first.value);
    expect(second.value).not.toBe(first.value);
    second.value!.page = 'changed';
    expect((validate({ countryCode: 'gr', page: 'faq' }) as Outcome).value).toEqual({
      countryCode: 'gr',
      page: 'FAQ',
    });
  });

  it('validates rejected inputs every time, and never remembers them', () => {
    const validate = compile('querystring');
    parses = 0;
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((validate({ countryCode: 'greece', page: 'faq' }) as Outcome).error).toBeDefined();
    }
    expect(parses).toBe(2);
  });

  it('tells different inputs apart, and validates bodies and unusual inputs every time', () => {
    const validate = compile('params');
    expect((validate({ page: 'a' }) as Outcome).value).toEqual({ page: 'A' });
    expect((validate({ page: 'b' }) as Outcome).value).toEqual({ page: 'B' });
    // A repeated key arrives as an array: not remembered, still validated.
    expect((validate({ page: ['a', 'b'] }) as Outcome).error).toBeDefined();
    const body = compile('body');
    parses = 0;
    body({ page: 'x' });
    body({ page: 'x' });
    expect(parses).toBe(2);
  });
});
