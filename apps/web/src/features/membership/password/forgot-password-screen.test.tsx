import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiData,
  makePage,
  renderMembershipScreen,
  stubApi,
} from '../../../testing/membership-test-utils';
import { isPageForm } from '../testing/page-form';
import { ForgotPasswordScreen } from './forgot-password-screen';

afterEach(() => vi.unstubAllGlobals());

const page = (linkValid = true) =>
  makePage(
    'forgot-password',
    { FirstUsername: 'Eleni', memberNumber: linkValid ? '1000003' : '', linkValid },
    { params: { token: 'reset-1' } },
  );

async function choose(password: string, repeat: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Repeat the password'), repeat);
  await user.click(screen.getByRole('button', { name: 'Save the password' }));
}

describe('forgot password (spec 1 §2)', () => {
  it('greets with the first name, posts token and passwords, then offers the login', async () => {
    const calls = stubApi((call) =>
      isPageForm(call, 'forgot-password') ? apiData({ success: true }) : undefined,
    );
    renderMembershipScreen(<ForgotPasswordScreen page={page()} />);
    expect(screen.getByText('Hello Eleni, please choose a new password.')).toBeTruthy();
    await choose('newpass1', 'newpass1');
    await screen.findByText(/Your password has been changed/);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/eng/login');
    const post = calls.find((call) => isPageForm(call, 'forgot-password'));
    expect(post?.body.get('token')).toBe('reset-1');
    expect(post?.body.get('password')).toBe('newpass1');
    expect(post?.body.get('passwordRepeat')).toBe('newpass1');
  });

  it('shows the member number, read left to right', () => {
    stubApi();
    renderMembershipScreen(<ForgotPasswordScreen page={page()} />);
    const number = screen.getByText('1000003');
    expect(number.closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(number.closest('p')?.textContent).toBe('Your member number: 1000003');
  });

  it('shows the invalid-link text with a link for a new one', () => {
    stubApi();
    renderMembershipScreen(<ForgotPasswordScreen page={page(false)} />);
    expect(
      screen.getByText('Sorry for the inconvenience. The link is not valid any more.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/eng/retrieve-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('puts validationMessages on the fields', async () => {
    stubApi((call) =>
      isPageForm(call, 'forgot-password')
        ? apiData({ validationMessages: { password: ['This password is too common'] } })
        : undefined,
    );
    renderMembershipScreen(<ForgotPasswordScreen page={page()} />);
    await choose('Tqbfjx2027', 'Tqbfjx2027');
    await screen.findByText('This password is too common');
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows "Password mismatch" on the repeat and does not post', async () => {
    const calls = stubApi();
    renderMembershipScreen(<ForgotPasswordScreen page={page()} />);
    await choose('newpass1', 'newpass2');
    expect(screen.getByText('Password mismatch')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
