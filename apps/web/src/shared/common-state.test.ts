import { describe, expect, it } from 'vitest';
import { readStoredValue, writeStoredValue } from '../lib/client-storage';
import { makeUser } from '../testing/membership-test-utils';
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

  it('has no user to check without a stored user id, and one to check with it', () => {
    expect(initialCommonState()).toMatchObject({ userChecked: true, userCheckError: false });
    writeStoredValue('userId', '7');
    expect(initialCommonState()).toMatchObject({ user: null, userChecked: false });
  });

  it('keeps the user of a check, a login or a logout, and flags a failed check', () => {
    writeStoredValue('userId', '7');
    const user = makeUser();
    const checked = commonReducer(initialCommonState(), { type: 'userSet', user });
    expect(checked).toMatchObject({ user, userChecked: true, userCheckError: false });
    expect(commonReducer(checked, { type: 'userSet', user: null }).user).toBeNull();
    expect(commonReducer(initialCommonState(), { type: 'userCheckFailed' })).toMatchObject({
      user: null,
      userChecked: true,
      userCheckError: true,
    });
  });
});
