import { orderStateWords } from '@club/contract/order-state-words';
import { formatNumber } from '../../lib/english-format';

/**
 * Values written in the words the console uses elsewhere, by target type and
 * field: an order's state reads as in the order queue ("Refunded", never "failed").
 */
const valueWords: Record<string, Record<string, Record<string, string>>> = {
  order: { state: orderStateWords },
  staff: {
    state: {
      'waiting-for-setup': 'Waiting for setup',
      'set-up': 'Set up',
      disabled: 'Disabled',
    },
    // Why a checked login failed (staff.login-failed): the login form never says, the log does.
    failure: {
      'unknown-email': 'No account has this email',
      'not-set-up': 'The account is not set up yet',
      disabled: 'The account is disabled',
      'wrong-password-or-code': 'Wrong password or code',
      'code-used': 'The code was used already',
    },
  },
};

/** Field names whose words are not their name split into words. */
const fieldWords: Record<string, string> = {
  address: 'Client address',
  pnr: 'PNR',
  taxOk: 'Tax details checked',
  countryCode: 'Country',
};

/** One changed field of an audit entry, as people read it. */
export type AuditChangeLine = {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field's name as words: `refundedPoints` and `refunded-points` read "Refunded points". */
export function fieldLabel(field: string): string {
  const known = fieldWords[field];
  if (known !== undefined) return known;
  const words = field
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A value as people read it: numbers grouped, yes and no, lists joined, and
 * nested records as "Field: value" pairs, never JSON.
 */
function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    return value
      .map((item) => (isRecord(item) ? `(${shown(item) ?? ''})` : shown(item)))
      .join(', ');
  }
  if (isRecord(value)) {
    const pairs = Object.entries(value).filter(([, inner]) => inner !== undefined);
    if (pairs.length === 0) return '(none)';
    return pairs
      .map(([field, inner]) => `${fieldLabel(field)}: ${shown(inner) ?? '(none)'}`)
      .join('; ');
  }
  // A bigint or a symbol: not in JSON, but written all the same.
  return typeof value === 'bigint' ? value.toString() : '';
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
      return {
        field,
        label: fieldLabel(field),
        before: inWords(left[field]),
        after: inWords(right[field]),
      };
    });
}
