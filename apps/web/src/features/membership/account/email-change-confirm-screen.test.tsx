import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { readStoredValue, writeStoredValue } from '../../../lib/client-storage';
import {
  apiData,
  makePage,
  makeUser,
  renderMembershipScreen,
  stubApi,
} from '../../../testing/membership-test-utils';
import { isPageForm } from '../testing/page-form';
import { EmailChangeConfirmScreen } from './email-change-confirm-screen';

afterEach(() => vi.unstubAllGlobals());

let tokens = 0;
const page = () =>
  makePage('email-change-confirm', {}, { params: { token: `change-${++tokens}` } });

function answer(data: object) {
  return stubApi((call) => (isPageForm(call, 'email-change-confirm') ? apiData(data) : undefined));
}

describe('email change confirm (the link mailed to a new email address)', () => {
  it('posts the token, confirms, forgets the ended session and leads to the login', async () => {
    writeStoredValue('userId', '7');
    writeStoredValue('token', 'tok-1');
    const calls = answer({ emailChanged: true, errors: [] });
    const confirmPage = page();
    renderMembershipScreen(<EmailChangeConfirmScreen page={confirmPage} />, { user: makeUser() });
    const done = await screen.findByText(
      'Your new email address is confirmed. For your security you have been logged out everywhere: please log in again.',
    );
    expect(done.getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/eng/login');
    expect(calls.find((call) => isPageForm(call, 'email-change-confirm'))?.body.get('token')).toBe(
      confirmPage.params.token,
    );
    await waitFor(() => expect(readStoredValue('token')).toBeNull());
    expect(readStoredValue('userId')).toBeNull();
  });

  it("shows the server's errors for a used link, and keeps the session", async () => {
    writeStoredValue('token', 'tok-2');
    answer({
      emailChanged: false,
      errors: ['Sorry for the inconvenience. The link is not valid any more.'],
    });
    renderMembershipScreen(<EmailChangeConfirmScreen page={page()} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'ErrorSorry for the inconvenience. The link is not valid any more.',
    );
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(readStoredValue('token')).toBe('tok-2');
  });

  it('calls nothing without a token, and says the link is not valid', () => {
    const calls = answer({ emailChanged: true, errors: [] });
    renderMembershipScreen(
      <EmailChangeConfirmScreen page={makePage('email-change-confirm', {})} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The link is not valid any more.');
    expect(calls.some((call) => isPageForm(call, 'email-change-confirm'))).toBe(false);
  });
});
