import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import {
  apiData,
  apiError,
  makePage,
  renderMembershipScreen,
  stubApi,
} from '../../../testing/membership-test-utils';
import { isPageForm } from '../testing/page-form';
import { EmailConfirmScreen } from './email-confirm-screen';

afterEach(() => vi.unstubAllGlobals());

let tokens = 0;
/** A fresh link token per test: answers are kept per token for the visit. */
const page = () =>
  makePage('registration-email-confirm', {}, { params: { token: `confirm-${++tokens}` } });

describe('registration email confirm (spec 1 §2)', () => {
  it('posts the link token on open, once, and welcomes with a login link', async () => {
    const calls = stubApi((call) =>
      isPageForm(call, 'registration-email-confirm')
        ? apiData({ errors: [], alreadyActivated: false })
        : undefined,
    );
    const confirmPage = page();
    renderMembershipScreen(<EmailConfirmScreen page={confirmPage} />);
    await screen.findByText(/Your email address is confirmed/);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/eng/login');
    const posts = calls.filter((call) => isPageForm(call, 'registration-email-confirm'));
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body.get('token')).toBe(confirmPage.params.token);
    expect(posts[0]?.body.get('countryCode')).toBe('gr');
    expect(posts[0]?.body.get('languageCode')).toBe('eng');
  });

  it('shows the invalid-link text with a reconfirm link', async () => {
    stubApi((call) =>
      isPageForm(call, 'registration-email-confirm')
        ? apiData({ errors: ['Error'], alreadyActivated: false })
        : undefined,
    );
    renderMembershipScreen(<EmailConfirmScreen page={page()} />);
    await screen.findByText('Sorry for the inconvenience. The link is not valid any more.');
    expect(
      screen.getByRole('link', { name: 'Send me a new confirmation link' }).getAttribute('href'),
    ).toBe('/eng/reconfirm');
  });

  it('shows that the account is already active, with a login link', async () => {
    stubApi((call) =>
      isPageForm(call, 'registration-email-confirm')
        ? apiData({ errors: ['Already active'], alreadyActivated: true })
        : undefined,
    );
    renderMembershipScreen(<EmailConfirmScreen page={page()} />);
    await screen.findByText('Your Amadeus+Me account is already active!');
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('shows the invalid-link text without posting when the link has no token', () => {
    const calls = stubApi();
    renderMembershipScreen(
      <EmailConfirmScreen page={makePage('registration-email-confirm', {})} />,
    );
    expect(
      screen.getByText('Sorry for the inconvenience. The link is not valid any more.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the generic submit error when the call fails', async () => {
    stubApi((call) =>
      isPageForm(call, 'registration-email-confirm') ? apiError(500, 'INTERNAL_ERROR') : undefined,
    );
    renderMembershipScreen(<EmailConfirmScreen page={page()} />);
    expect((await screen.findByTestId('errors')).textContent).toBe(
      'Some server or network problems, please try again later',
    );
  });

  it("posts a link once under React's development double effects and on a second visit", async () => {
    const calls = stubApi((call) =>
      isPageForm(call, 'registration-email-confirm')
        ? apiData({ errors: [], alreadyActivated: false })
        : undefined,
    );
    const confirmPage = page();
    const first = renderMembershipScreen(
      <StrictMode>
        <EmailConfirmScreen page={confirmPage} />
      </StrictMode>,
    );
    await screen.findByText(/Your email address is confirmed/);
    first.unmount();
    renderMembershipScreen(<EmailConfirmScreen page={confirmPage} />);
    await screen.findByText(/Your email address is confirmed/);
    expect(calls.filter((call) => isPageForm(call, 'registration-email-confirm'))).toHaveLength(1);
  });
});
