import type { z } from 'zod';

export type ValidationAnswer = { validationMessages: Record<string, string[]> };

/**
 * Page forms of this area answer field problems as `validationMessages`
 * (spec 1 §5: such an answer is field validation, not success), keyed by
 * field, the first failing rule of each field first.
 */
export function validateForm<T>(
  schema: z.ZodType<T>,
  values: unknown,
): { data: T } | ValidationAnswer {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  // Without a prototype, so that no field name can meet an inherited member (see fieldMessages).
  const validationMessages = Object.create(null) as Record<string, string[]>;
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'form';
    const list = (validationMessages[field] ??= []);
    if (list.length === 0) list.push(issue.message);
  }
  return { validationMessages };
}
