import type { z } from 'zod';
import { validationAnswer, type ValidationAnswer } from './validation-data.js';

export type { ValidationAnswer };

/**
 * A form checked in its handler, for calls outside the page registry (the
 * agency links): its values, or its `validationMessages` as a page form
 * answers them (see PageSubmit), worded with `words` or in English.
 */
export function validateForm<T>(
  schema: z.ZodType<T>,
  values: unknown,
  words?: Readonly<Record<string, string>>,
): { data: T } | ValidationAnswer {
  const parsed = schema.safeParse(values);
  return parsed.success ? { data: parsed.data } : validationAnswer(parsed.error.issues, { words });
}
