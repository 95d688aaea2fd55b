import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { localPage } from '../../../shared/local-page';
import { readStoredValue } from '../../../lib/client-storage';
import { makeClientLayout } from '../../../testing/render-screen';
import {
  apiData,
  apiError,
  makeUser,
  renderMembershipScreen,
  stubApi,
} from '../../../testing/membership-test-utils';
import { LoginScreen } from './login-screen';

afterEach(() => vi.unstubAllGlobals());

const page = localPage('login', '');
const number = () => screen.getByLabelText('Member number');
const password = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Login' });
const location = () => screen.getByTestId('location').textContent;

async function logIn(user: ReturnType<typeof userEvent.setup>, digits: string, secret: string) {
  await user.type(number(), digits);
  await user.type(password(), secret);
  await user.click(submit());
}

describe('login screen (spec 1 §2 "Login")', () => {
  it('reads the member number left to right on right-to-left pages too', () => {
    stubApi(() => undefined);
    renderMembershipScreen(<LoginScreen page={page} />, { path: '/eng/login' });
    expect(number().getAttribute('dir')).toBe('ltr');
    expect(password().hasAttribute('dir')).toBe(false);
  });

  it('shows and hides the password with a toggle button that keeps the focus', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    renderMembershipScreen(<LoginScreen page={page} />, { path: '/eng/login' });
    await user.type(password(), 'secret-1');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(password().id);
    // An eye inside the field, its name read out but not shown; crossed out while the password shows.
    expect(toggle.parentElement?.contains(password())).toBe(true);
    expect(toggle.querySelectorAll('svg path')).toHaveLength(1);
    expect(password().getAttribute('type')).toBe('password');
    await user.click(toggle);
    expect(toggle.querySelectorAll('svg path')).toHaveLength(2);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(password().getAttribute('type')).toBe('text');
    expect(document.activeElement).toBe(toggle);
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(password().getAttribute('type')).toBe('password');
    expect((password() as HTMLInputElement).value).toBe('secret-1');
  });

  it('sends the number as username, stores the session and goes home', async () => {
    const member = makeUser();
    const calls = stubApi((call) =>
      call.path === '/s2c/auth/v1/token/agent'
        ? apiData({ user: member, token: 'tok-1' })
        : undefined,
    );
    const user = userEvent.setup();
    renderMembershipScreen(<LoginScreen page={page} />, { path: '/eng/login' });
    await logIn(user, ' 100200300 ', 'secret-1');
    await waitFor(() => expect(location()).toBe('/eng'));
    const login = calls.find((call) => call.path === '/s2c/auth/v1/token/agent');
    expect(login?.method).toBe('POST');
    expect(login?.body.get('username')).toBe('100200300');
    expect(login?.body.get('password')).toBe('secret-1');
    expect(readStoredValue('token')).toBe('tok-1');
    expect(readStoredValue('userId')).toBe('7');
  });

  it('shows the server message of a 401 on the number field', async () => {
    stubApi((call) =>
      call.path === '/s2c/auth/v1/token/agent'
        ? apiError(401, 'UNAUTHORIZED', { username: 'Invalid Username or Password' })
        : undefined,
    );
    const user = userEvent.setup();
    renderMembershipScreen(<LoginScreen page={page} />, { path: '/eng/login' });
    await logIn(user, '123', 'wrong-pass');
    await screen.findByText('Invalid Username or Password');
    expect(number().getAttribute('aria-invalid')).toBe('true');
    const errorId = number().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Invalid Username or Password');
    expect(readStoredValue('token')).toBeNull();
  });

  it.each([
    [
      403,
      'FORBIDDEN',
      'Please confirm your email address first. Use "Activate account" to get a new link.',
    ],
    [429, 'TOO_MANY_REQUESTS', 'Too many attempts. Please try again in a few minutes.'],
  ])('shows the server message of a %i on the number field', async (status, code, message) => {
    stubApi((call) =>
      call.path === '/s2c/auth/v1/token/agent'
        ? apiError(status, code, { username: message })
        : undefined,
    );
    const user = userEvent.setup();
    renderMembershipScreen(<LoginScreen page={page} />, { path: '/eng/login' });
    await logIn(user, '123', 'secret-1');
    await screen.findByText(message);
  });

  it('offers the restore of a deleted account whose right password was given', async () => {
    const message = 'This account was deleted. You can still restore it.';
    stubApi((call) =>
      call.path === '/s2c/auth/v1/token/agent'
        ? apiError(403, 'FORBIDDEN', { username: message, restore: true })
        : undefined,
    );
    const user = userEvent.setup();
    renderMembershipScreen(<LoginScreen page={page} />, { path: '/eng/login' });
    expect(screen.queryByRole('link', { name: 'Restore your account' })).toBeNull();
    await logIn(user, '123', 'secret-1');
    await screen.findByText(message);
    expect(screen.getByRole('link', { name: 'Restore your account' }).getAttribute('href')).toBe(
      '/eng/restore',
    );
    expect(readStoredValue('token')).toBeNull();
  });

  it('moves a 400 message for username onto the number field', async () => {
    stubApi((call) =>
      call.path === '/s2c/auth/v1/token/agent'
        ? apiError(400, 'VALIDATION_FAILED', {
            username: 'Only numbers are allowed',
            requestId: 'r1',
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderMembershipScreen(<LoginScreen page={page} />, { path: '/eng/login' });
    await logIn(user, '123', 'secret-1');
    await screen.findByText('Only numbers are allowed');
    expect(number().getAttribute('aria-invalid')).toBe('true');
  });

  it('shows "Unable to login (service unavailable)" on any other failure', async () => {
    stubApi((call) =>
      call.path === '/s2c/auth/v1/token/agent' ? apiError(500, 'INTERNAL_ERROR') : undefined,
    );
    const user = userEvent.setup();
    renderMembershipScreen(<LoginScreen page={page} />, { path: '/eng/login' });
    await logIn(user, '123', 'secret-1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to login (service unavailable)',
    );
    expect(submit().getAttribute('aria-busy')).toBeNull();
  });

  it('shows "Invalid Username or Password" after touch for a number that is not digits', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderMembershipScreen(<LoginScreen page={page} />, { path: '/eng/login' });
    await user.type(number(), '12a');
    expect(screen.queryByText('Invalid Username or Password')).toBeNull();
    await user.tab();
    expect(screen.getByText('Invalid Username or Password')).toBeTruthy();
    await user.type(password(), 'x');
    await user.click(submit());
    expect(calls.some((call) => call.path === '/s2c/auth/v1/token/agent')).toBe(false);
  });

  it('rejects a number of more than 20 digits with the same message', async () => {
    stubApi();
    const user = userEvent.setup();
    renderMembershipScreen(<LoginScreen page={page} />, { path: '/eng/login' });
    await user.type(number(), '1'.repeat(21));
    await user.tab();
    expect(screen.getByText('Invalid Username or Password')).toBeTruthy();
  });

  it('marks every field touched on a blocked submit', async () => {
    stubApi();
    const user = userEvent.setup();
    renderMembershipScreen(<LoginScreen page={page} />, { path: '/eng/login' });
    await user.click(submit());
    expect(screen.getAllByText('Field is required')).toHaveLength(2);
    expect(document.activeElement).toBe(number());
  });

  it('links to forgot password, forgot member number and registration, and to "Activate account" with double opt-in', () => {
    stubApi();
    const { unmount } = renderMembershipScreen(<LoginScreen page={page} />, {
      layout: makeClientLayout({ doubleOpt: false }),
    });
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/eng/retrieve-password',
    );
    expect(
      screen.getByRole('link', { name: 'Forgot your member number?' }).getAttribute('href'),
    ).toBe('/eng/retrieve-member-number');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
      '/eng/registration',
    );
    expect(screen.queryByRole('link', { name: 'Activate account' })).toBeNull();
    unmount();
    renderMembershipScreen(<LoginScreen page={page} />, {
      layout: makeClientLayout({ doubleOpt: true }),
    });
    expect(screen.getByRole('link', { name: 'Activate account' }).getAttribute('href')).toBe(
      '/eng/reconfirm',
    );
  });

  it('sends a logged-in member home', async () => {
    stubApi();
    renderMembershipScreen(<LoginScreen page={page} />, { path: '/eng/login', user: makeUser() });
    await waitFor(() => expect(location()).toBe('/eng'));
  });
});
