import {
  wordIssue,
  type IssueLike,
  type MessageValues,
  type Words,
} from '@club/contract/message-catalogue';
// Installs the ICU formatter: messages with plural forms are worded by it.
import '@club/contract/message-format';

/** How a page's messages are worded: its dictionary, its locale (`el-GR`, for plural forms) and its values (`phoneExample`). */
export type PageWording = { words?: Words; locale?: string; values?: MessageValues };

/** Per-field messages of a 400 answer (spec 1 §5: a string is one message, a list numbered messages). */
export type FieldMessages = Record<string, string | string[]>;

/** A schema issue: where, and its message (a key of the contract's message catalogue, or a text). */
export type FieldIssue = IssueLike & { path: readonly PropertyKey[] };

/**
 * Turns schema issues into the 400 answer's per-field data. Only the first
 * issue of a field is kept: the checks of a rule run in order (required, then
 * length, then pattern), and the first one that fails is the one to show.
 * `fallbackField` names issues about the input as a whole. Messages are worded
 * with `words` (the page's dictionary, or the request's language for calls
 * outside the pages: message-wording.ts), else in English.
 */
export function fieldMessages(
  issues: readonly FieldIssue[],
  fallbackField: string,
  { words = {}, locale = 'en', values = {} }: PageWording = {},
): FieldMessages {
  // Without a prototype: a field named `valueOf` or `__proto__` (any key of a
  // free-form body) is a field like any other, not an inherited member.
  const result: FieldMessages = Object.create(null) as FieldMessages;
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : fallbackField;
    result[field] ??= wordIssue(issue, words, locale, values);
  }
  return result;
}

/** A form's field problems as the spec answers them (spec 1 §5: such an answer is field validation, not success). */
export type ValidationAnswer = { validationMessages: Record<string, string[]> };

/**
 * The `validationMessages` of a form's issues: per field, the first failing
 * rule's message, worded with `words`; issues about the form as a whole go
 * under `form`.
 */
export function validationAnswer(
  issues: readonly FieldIssue[],
  wording: PageWording = {},
): ValidationAnswer {
  const validationMessages: Record<string, string[]> = Object.create(null) as Record<
    string,
    string[]
  >;
  for (const [field, message] of Object.entries(fieldMessages(issues, 'form', wording))) {
    validationMessages[field] = [message].flat();
  }
  return { validationMessages };
}
