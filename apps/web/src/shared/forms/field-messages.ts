/** Messages per field name (spec 1 §5 "Server validation"). */
export type FieldMessages = Record<string, string[]>;

/** Strings of a nested list of messages, in order. */
function flatten(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(flatten);
  return [];
}

/**
 * `validationMessages` of a page-form answer (keyed by field name, with
 * nested lists), or null when the answer carries none: such an answer is
 * field validation, not success (spec 1 §5, spec 2 §5).
 */
export function validationMessagesOf(answer: unknown): FieldMessages | null {
  if (typeof answer !== 'object' || answer === null || !('validationMessages' in answer))
    return null;
  const { validationMessages } = answer;
  if (typeof validationMessages !== 'object' || validationMessages === null) return null;
  const result: FieldMessages = {};
  for (const [field, value] of Object.entries(validationMessages)) result[field] = flatten(value);
  return result;
}
