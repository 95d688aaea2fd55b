import { orderStateWords } from '@club/contract/order-state-words';

/**
 * Values written in the words the console uses elsewhere, by target type and
 * field: an order's state reads as in the order queue ("Refunded", never "failed").
 */
const valueWords: Record<string, Record<string, Record<string, string>>> = {
  order: { state: orderStateWords },
};

/** One changed field of an audit entry, as people read it. */
export type AuditChangeLine = { field: string; before: string | null; after: string | null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object')) {
    return value.length === 0 ? '(none)' : value.join(', ');
  }
  return JSON.stringify(value);
}

/**
 * The fields an entry changed: those whose value differs between before and
 * after (all of after for an addition, all of before for a removal). Values
 * that are not objects count as one field, `value`.
 */
export function changedFields(
  before: unknown,
  after: unknown,
  targetType?: string,
): AuditChangeLine[] {
  const left = isRecord(before)
    ? before
    : before === null || before === undefined
      ? {}
      : { value: before };
  const right = isRecord(after)
    ? after
    : after === null || after === undefined
      ? {}
      : { value: after };
  const fields = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return fields
    .filter((field) => JSON.stringify(left[field]) !== JSON.stringify(right[field]))
    .map((field) => {
      const words = targetType === undefined ? undefined : valueWords[targetType]?.[field];
      const inWords = (value: unknown) =>
        typeof value === 'string' && words?.[value] !== undefined ? words[value] : shown(value);
      return { field, before: inWords(left[field]), after: inWords(right[field]) };
    });
}
