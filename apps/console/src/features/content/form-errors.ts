import type { z } from 'zod';
import { StaffApiError } from '../../lib/staff-api';

/** Messages by field path (`items.0.title`), as the server answers a 400: one set of rules on both sides. */
export type FieldErrors = Record<string, string>;

/** Checks a change with the contract's schema before it is sent. */
export function check<T extends z.ZodType>(
  schema: T,
  value: unknown,
): { ok: true; value: z.output<T> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues)
    errors[issue.path.map(String).join('.')] ??= issue.message;
  return { ok: false, errors };
}

/** The field messages of a refused change (a 400), or one message for the form. */
export function errorsOf(error: unknown): { fields: FieldErrors; form?: string } {
  if (error instanceof StaffApiError && error.status === 400 && typeof error.data === 'object') {
    const data = (error.data ?? {}) as Record<string, unknown>;
    return {
      fields: Object.fromEntries(
        Object.entries(data)
          .filter(([key]) => key !== 'requestId')
          .map(([key, value]) => [key, Array.isArray(value) ? String(value[0]) : String(value)]),
      ),
    };
  }
  if (error instanceof StaffApiError && error.status === 403) {
    return { fields: {}, form: 'Your role may read content but not change it.' };
  }
  if (error instanceof StaffApiError && error.status === 404) {
    return { fields: {}, form: 'This content no longer exists. Reload the page.' };
  }
  return { fields: {}, form: 'The change was not published. Try again.' };
}
