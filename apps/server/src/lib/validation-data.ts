/** One message per field, or a list when a field has several (spec 1 §5 "a list gives numbered messages"). */
export type FieldMessages = Record<string, string | string[]>;

export type FieldIssue = { path: readonly PropertyKey[]; message: string };

/** Turns schema issues into the 400 answer's per-field data; `fallbackField` names issues about the whole input. */
export function fieldMessages(issues: readonly FieldIssue[], fallbackField: string): FieldMessages {
  const result: FieldMessages = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : fallbackField;
    const existing = result[field];
    if (existing === undefined) result[field] = issue.message;
    else if (Array.isArray(existing)) {
      if (!existing.includes(issue.message)) existing.push(issue.message);
    } else if (existing !== issue.message) result[field] = [existing, issue.message];
  }
  return result;
}
