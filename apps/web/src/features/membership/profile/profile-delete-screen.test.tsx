import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiData,
  apiError,
  makePage,
  makeUser,
  renderMembershipScreen,
  stubApi,
} from '../../../testing/membership-test-utils';
import { isPageForm } from '../testing/page-form';
import { ProfileDeleteScreen } from './profile-delete-screen';

afterEach(() => vi.unstubAllGlobals());

const page = (deleteLinkSent: boolean) =>
  makePage('profile-delete', { deleteLinkSent, linkLifeTime: 30 });

describe('profile delete (spec 1 §2)', () => {
  it('offers "Delete my account", explains the retention and links Cancel to profile-update', () => {
    stubApi();
    renderMembershipScreen(<ProfileDeleteScreen page={page(false)} />, { user: makeUser() });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Delete your account');
    expect(screen.getByText(/kept for 30 days/)).toBeTruthy();
    expect(screen.getByText(/Your points are deleted/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(
      '/eng/profile-update',
    );
  });

  it('sends the delete link, then reads "Deletion Acceptance" and offers a resend', async () => {
    const calls = stubApi((call) =>
      isPageForm(call, 'profile-delete')
        ? apiData({ deleteLinkSent: true, linkLifeTime: 14 })
        : undefined,
    );
    const user = userEvent.setup();
    renderMembershipScreen(<ProfileDeleteScreen page={page(false)} />, { user: makeUser() });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByText(/We have sent you an email/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Deletion Acceptance');
    expect(screen.getByRole('button', { name: 'Resend confirmation email' })).toBeTruthy();
    expect(screen.getByText(/kept for 14 days/)).toBeTruthy();
    expect(calls.filter((call) => isPageForm(call, 'profile-delete'))).toHaveLength(1);
  });

  it('reads "Deletion Acceptance" with a resend button when a link is out already', () => {
    stubApi();
    renderMembershipScreen(<ProfileDeleteScreen page={page(true)} />, { user: makeUser() });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Deletion Acceptance');
    expect(screen.getByRole('button', { name: 'Resend confirmation email' })).toBeTruthy();
  });

  it('shows the generic error when sending fails', async () => {
    stubApi((call) =>
      isPageForm(call, 'profile-delete') ? apiError(500, 'INTERNAL_ERROR') : undefined,
    );
    const user = userEvent.setup();
    renderMembershipScreen(<ProfileDeleteScreen page={page(false)} />, { user: makeUser() });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect((await screen.findByTestId('errors')).textContent).toBe(
      'Some server or network problems, please try again later',
    );
  });
});
