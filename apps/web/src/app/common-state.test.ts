import { describe, expect, it } from 'vitest';
import { readStoredValue } from '../lib/client-storage';
import { applyWithoutLayoutQuery, commonReducer, initialCommonState } from './common-state';

describe('common state (spec 1 §4)', () => {
  it('starts with page progress on and no errors', () => {
    expect(initialCommonState()).toMatchObject({
      pageProgress: true,
      errors: [],
      user: null,
    });
  });

  it('switches page progress off when an error is added; cleaning empties the list', () => {
    const withError = commonReducer(initialCommonState(), { type: 'errorAdded', error: 'Oops' });
    expect(withError).toMatchObject({ errors: ['Oops'], pageProgress: false });
    expect(commonReducer(withError, { type: 'errorsCleaned' }).errors).toEqual([]);
  });

  it('replaces the errors and stops progress on page change', () => {
    const state = { ...initialCommonState(), errors: ['Old'] };
    expect(commonReducer(state, { type: 'pageChanged', errors: ['New'] })).toMatchObject({
      errors: ['New'],
      pageProgress: false,
    });
  });

  it('reads withoutLayout=1 and withoutLayout=0 from the query and stores the mode', () => {
    expect(applyWithoutLayoutQuery('?a=1')).toBeUndefined();
    expect(applyWithoutLayoutQuery('?withoutLayout=1')).toBe(true);
    expect(readStoredValue('withoutLayout')).toBe('1');
    expect(initialCommonState().withoutLayout).toBe(true);
    expect(applyWithoutLayoutQuery('?withoutLayout=0')).toBe(false);
    expect(readStoredValue('withoutLayout')).toBeNull();
  });
});
