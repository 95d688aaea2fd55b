/** Per-field messages of a 400 answer (spec 1 §5: a string is one message, a list numbered messages). */
export type FieldMessages = Record<string, string | string[]>;

export type FieldIssue = { path: readonly PropertyKey[]; message: string };

/**
 * Turns schema issues into the 400 answer's per-field data. Only the first
 * issue of a field is kept: the checks of a rule run in order (required, then
 * length, then pattern), and the first one that fails is the one to show.
 * `fallbackField` names issues about the input as a whole.
 */
export function fieldMessages(issues: readonly FieldIssue[], fallbackField: string): FieldMessages {
  // Without a prototype: a field named `valueOf` or `__proto__` (any key of a
  // free-form body) is a field like any other, not an inherited member.
  const result: FieldMessages = Object.create(null) as FieldMessages;
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : fallbackField;
    result[field] ??= issue.message;
  }
  return result;
}
