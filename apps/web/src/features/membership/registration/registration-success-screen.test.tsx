// @vitest-environment jsdom
// A custom page text is rich text (DOMPurify needs jsdom).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeClientLayout } from '../../../testing/render-screen';
import {
  makePage,
  makeUser,
  renderMembershipScreen,
  stubApi,
} from '../../../testing/membership-test-utils';
import { RegistrationSuccessScreen } from './registration-success-screen';

afterEach(() => vi.unstubAllGlobals());

/** What each segment earns in the country, as the layout answers it. */
const earning = {
  segmentPoints: { air: 5, hotel: 10, car: 10, rail: 10 },
  creditLifetimeYears: 3,
};

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

  it('without double opt-in: the member number of the member just registered, and the remark card', async () => {
    stubApi();
    renderMembershipScreen(
      <RegistrationSuccessScreen page={makePage('registration-success', {})} />,
      {
        user: makeUser({ number: '555000111' }),
        layout: makeClientLayout({ earning }),
      },
    );
    expect((await screen.findByText('555000111')).getAttribute('dir')).toBe('ltr');
    const card = screen.getByRole('region', { name: 'Your booking remark' });
    expect(within(card).getByText('RM*AMA 555000111').getAttribute('dir')).toBe('ltr');
    expect(within(card).getByRole('button', { name: 'Copy the remark' })).toBeTruthy();
    expect(within(card).getByRole('table', { name: 'What each segment earns' })).toBeTruthy();
  });

  it('with double opt-in: the remark card of the member just registered, before their first login', () => {
    stubApi();
    renderMembershipScreen(
      <RegistrationSuccessScreen page={makePage('registration-success', {})} />,
      {
        layout: makeClientLayout({ doubleOpt: true, earning }),
        path: '/eng/registration-success',
        state: { memberNumber: '555000222' },
      },
    );
    const card = screen.getByRole('region', { name: 'Your booking remark' });
    expect(card.querySelector('code')?.textContent).toBe('RM*AMA 555000222');
    const air = within(card).getByRole('rowheader', { name: 'Air' }).closest('tr');
    expect(air?.textContent).toBe('Air5');
  });

  it('on a right-to-left page keeps RM*AMA before the number, as one value', () => {
    stubApi();
    renderMembershipScreen(
      <RegistrationSuccessScreen page={makePage('registration-success', {})} />,
      {
        user: makeUser({ number: '1000003' }),
        layout: makeClientLayout({
          isRtl: true,
          languageShortCode: 'ar',
          countryCode: 'ae',
          earning,
          dictionary: { 'earning.title': 'ملاحظة الحجز الخاصة بك' },
        }),
      },
    );
    const card = screen.getByRole('region', { name: 'ملاحظة الحجز الخاصة بك' });
    // No element isolates the number alone: that is what showed "1000003 RM*AMA".
    const isolated = [...card.querySelectorAll('[dir="ltr"]')].map((node) => node.textContent);
    expect(isolated).toEqual(['RM*AMA 1000003']);
  });

  it('without any number: no remark card', () => {
    stubApi();
    renderMembershipScreen(
      <RegistrationSuccessScreen page={makePage('registration-success', {})} />,
      { layout: makeClientLayout({ earning }) },
    );
    expect(screen.queryByRole('region', { name: 'Your booking remark' })).toBeNull();
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
