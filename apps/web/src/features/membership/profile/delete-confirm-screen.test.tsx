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
import { DeleteConfirmScreen } from './delete-confirm-screen';

afterEach(() => vi.unstubAllGlobals());

let tokens = 0;
const page = () => makePage('delete-confirm', {}, { params: { token: `delete-${++tokens}` } });

describe('delete confirm (spec 1 §2)', () => {
  it('posts the token, tells the retention with the reactivation link and logs the member out', async () => {
    writeStoredValue('token', 'tok-1');
    writeStoredValue('userId', '7');
    const calls = stubApi((call) =>
      isPageForm(call, 'delete-confirm')
        ? apiData({
            errorMessageList: [],
            linkLifeTime: 30,
            actionLink: 'http://gr.localhost:3000/restore',
          })
        : undefined,
    );
    const confirmPage = page();
    renderMembershipScreen(<DeleteConfirmScreen page={confirmPage} />, { user: makeUser() });
    await screen.findByText(/Your data is kept for 30 days/);
    expect(screen.getByRole('link', { name: 'Reactivate my account' }).getAttribute('href')).toBe(
      'http://gr.localhost:3000/restore',
    );
    expect(calls.find((call) => isPageForm(call, 'delete-confirm'))?.body.get('token')).toBe(
      confirmPage.params.token,
    );
    await waitFor(() => expect(readStoredValue('token')).toBeNull());
    expect(readStoredValue('userId')).toBeNull();
  });

  it('lists the errors under "Error" and keeps the session', async () => {
    writeStoredValue('token', 'tok-1');
    writeStoredValue('userId', '7');
    stubApi((call) =>
      isPageForm(call, 'delete-confirm')
        ? apiData({
            errorMessageList: [{ errorMessage: 'The link is not valid any more.' }],
            linkLifeTime: 30,
            actionLink: '',
          })
        : undefined,
    );
    renderMembershipScreen(<DeleteConfirmScreen page={page()} />, { user: makeUser() });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('ErrorThe link is not valid any more.');
    expect(readStoredValue('token')).toBe('tok-1');
  });
});
