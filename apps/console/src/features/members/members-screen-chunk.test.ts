import { describe, expect, it, vi } from 'vitest';

/**
 * The member view shows what its answer holds: its code must not load the
 * schema library or the contract's schema modules, whose evaluation was the
 * longest task of the page's first load (issue 19). The forms' rules load at
 * their first validation (their behaviour: members-screen.test.tsx,
 * actions/member-actions.test.tsx).
 */
const loaded = vi.hoisted(() => new Set<string>());

vi.mock('zod', async (importOriginal) => {
  loaded.add('zod');
  return importOriginal();
});
vi.mock('@club/contract/staff-members', async (importOriginal) => {
  loaded.add('@club/contract/staff-members');
  return importOriginal();
});
vi.mock('@club/contract/staff-member-actions', async (importOriginal) => {
  loaded.add('@club/contract/staff-member-actions');
  return importOriginal();
});
vi.mock('@club/contract/points', async (importOriginal) => {
  loaded.add('@club/contract/points');
  return importOriginal();
});

describe('the members screen’s code', () => {
  it('loads without the schema library and the member schemas', async () => {
    await import('./members-screen');
    expect([...loaded]).toEqual([]);
  });

  it('loads the adjustment’s rules when asked for them', async () => {
    const { adjustPointsResolver } = await import('./components/adjust-points-rules');
    const answer = await adjustPointsResolver({ points: '0', reason: '' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(Object.keys(answer.errors).sort()).toEqual(['points', 'reason']);
    expect(loaded).toContain('zod');
  });
});
