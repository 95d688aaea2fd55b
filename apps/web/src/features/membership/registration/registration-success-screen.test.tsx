// @vitest-environment jsdom
// A custom page text is rich text (DOMPurify needs jsdom).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { makeClientLayout } from '../../../testing/render-screen';
import {
  makePage,
  makeUser,
  renderMembershipScreen,
  stubApi,
} from '../../../testing/membership-test-utils';
import { RegistrationSuccessScreen } from './registration-success-screen';

afterEach(() => vi.unstubAllGlobals());

describe('registration success (spec 1 §2)', () => {
  it('with double opt-in: the accepted message and a link to resend the confirmation email', () => {
    stubApi();
    renderMembershipScreen(
      <RegistrationSuccessScreen page={makePage('registration-success', {})} />,
      {
        layout: makeClientLayout({ doubleOpt: true }),
      },
    );
    expect(screen.getByText(/Your registration has been accepted/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Resend the confirmation email' }).getAttribute('href'),
    ).toBe('/eng/reconfirm');
    expect(document.querySelector('.membership__member-number')).toBeNull();
  });

  it('with double opt-in: also the member number of the member just registered, to log in with once confirmed', () => {
    stubApi();
    renderMembershipScreen(
      <RegistrationSuccessScreen page={makePage('registration-success', {})} />,
      {
        layout: makeClientLayout({ doubleOpt: true }),
        path: '/eng/registration-success',
        state: { memberNumber: '555000222' },
      },
    );
    expect(screen.getByText(/Your registration has been accepted/)).toBeTruthy();
    expect(
      screen.getByText(/Your member number, for logging in once your email address is confirmed/),
    ).toBeTruthy();
    const number = document.querySelector('.membership__member-number');
    expect(number?.textContent).toBe('555000222');
    expect(screen.getByText('555000222').getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('link', { name: 'Resend the confirmation email' })).toBeTruthy();
  });

  it('without double opt-in: the member number of the member just registered', async () => {
    stubApi();
    renderMembershipScreen(
      <RegistrationSuccessScreen page={makePage('registration-success', {})} />,
      {
        user: makeUser({ number: '555000111' }),
      },
    );
    expect((await screen.findAllByText('555000111')).map((n) => n.getAttribute('dir'))).toEqual([
      'ltr',
      'ltr',
    ]);
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === 'P' && /RM\*AMA 555000111 /.test(element.textContent ?? ''),
      ),
    ).toBeTruthy();
  });

  it('without a member: a link to login', () => {
    stubApi();
    renderMembershipScreen(
      <RegistrationSuccessScreen page={makePage('registration-success', {})} />,
    );
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/eng/login');
  });

  it('shows the custom page text instead', async () => {
    stubApi();
    renderMembershipScreen(
      <RegistrationSuccessScreen
        page={makePage('registration-success', {}, { text: '<p>Welcome aboard!</p>' })}
      />,
      { layout: makeClientLayout({ doubleOpt: true }) },
    );
    expect(await screen.findByText('Welcome aboard!')).toBeTruthy();
    expect(screen.queryByText(/Your registration has been accepted/)).toBeNull();
  });
});
