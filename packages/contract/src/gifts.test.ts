import { describe, expect, it } from 'vitest';
import { RedeemFormSchema } from './gifts.js';

const issuesOf = (values: Record<string, string>) => {
  const parsed = RedeemFormSchema.safeParse({ orderKey: 'k'.repeat(32), ...values });
  return parsed.success ? [] : parsed.error.issues.map(({ path, message }) => ({ path, message }));
};

describe('the redeem form speaks message keys only', () => {
  it('an overlong gift list is a max-length message, not the schema library’s own text', () => {
    expect(issuesOf({ listgifts: '1:1,'.repeat(101) })).toContainEqual({
      path: ['listgifts'],
      message: 'validation.maxLength',
    });
  });

  it('a missing, empty or unknown delivery asks the member to choose one (none is assumed)', () => {
    const deliveries: Record<string, string>[] = [{}, { delivery: '' }, { delivery: 'drone' }];
    for (const values of deliveries) {
      expect(issuesOf({ listgifts: '1:1', ...values })).toEqual([
        { path: ['delivery'], message: 'redeem.message.deliveryRequired' },
      ]);
    }
    expect(issuesOf({ listgifts: '1:1', delivery: 'self' })).toEqual([]);
  });
});
