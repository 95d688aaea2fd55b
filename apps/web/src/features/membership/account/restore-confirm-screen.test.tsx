import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import {
  apiData,
  makePage,
  renderMembershipScreen,
  stubApi,
} from '../../../testing/membership-test-utils';
import { isPageForm } from '../testing/page-form';
import { RestoreConfirmScreen } from './restore-confirm-screen';

afterEach(() => vi.unstubAllGlobals());

let tokens = 0;
const page = () => makePage('restore-confirm', {}, { params: { token: `restore-${++tokens}` } });

function answer(data: object) {
  return stubApi((call) => (isPageForm(call, 'restore-confirm') ? apiData(data) : undefined));
}

describe('restore confirm (spec 1 §2, spec 2 §2.4)', () => {
  it('posts the token and shows "Account successfully restored!" with a login link', async () => {
    const calls = answer({ errors: [], alreadyActivated: false, errorMessageList: [] });
    const confirmPage = page();
    renderMembershipScreen(<RestoreConfirmScreen page={confirmPage} />);
    await screen.findByText('Account successfully restored!');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/eng/login');
    expect(calls.find((call) => isPageForm(call, 'restore-confirm'))?.body.get('token')).toBe(
      confirmPage.params.token,
    );
  });

  it('shows "Already restored!" with the list for a used link', async () => {
    answer({
      errors: ['Already restored!'],
      alreadyActivated: true,
      errorMessageList: [{ errorMessage: 'The account is active again.' }],
    });
    renderMembershipScreen(<RestoreConfirmScreen page={page()} />);
    await screen.findByText('Already restored!');
    expect(screen.getByText('The account is active again.')).toBeTruthy();
  });

  it('shows "Already restored!" once when the list repeats it (the server\'s answer to a reused link)', async () => {
    answer({
      errors: ['Already restored!'],
      alreadyActivated: true,
      errorMessageList: [{ errorMessage: 'Already restored!' }],
    });
    renderMembershipScreen(<RestoreConfirmScreen page={page()} />);
    await screen.findByRole('link', { name: 'Log in' });
    expect(screen.getByRole('status').textContent).toBe('Already restored!');
  });

  it('shows "Error" with the list for an unknown or expired link', async () => {
    answer({
      errors: ['Error'],
      alreadyActivated: false,
      errorMessageList: [{ errorMessage: 'The link is not valid any more.' }],
    });
    renderMembershipScreen(<RestoreConfirmScreen page={page()} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('ErrorThe link is not valid any more.');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });
});
