// @vitest-environment jsdom
// Rich text goes through DOMPurify, which supports jsdom but not happy-dom.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makePageAnswer } from '../../../testing/fake-content-api';
import { makeClientLayout, renderScreen } from '../../../testing/render-screen';
import { CookiesPolicyScreen } from './cookies-policy-screen';
import { PrivacyPolicyScreen } from './privacy-policy-screen';
import { NewsScreen, TermsScreen } from './text-page-screen';

describe('cookies policy', () => {
  it('lists the strictly necessary cookies and what each does', () => {
    renderScreen(<CookiesPolicyScreen page={makePageAnswer('cookies-policy', { title: '' })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cookies Policy');
    for (const name of ['XSRF-TOKEN', 'token', 'userId', 'cookiesAlertClosed'])
      expect(screen.getByText(name)).toBeTruthy();
    expect(screen.getByText(/Keeps you logged in/)).toBeTruthy();
    // The notice's answer is kept a year, for every country site (decision 044).
    expect(
      screen.getByText(/read this notice, so that it is not shown again\. Lifetime: 1 year\./),
    ).toBeTruthy();
  });

  it("words every sentence and every cookie's purpose from the dictionary", () => {
    renderScreen(
      <CookiesPolicyScreen
        page={makePageAnswer('cookies-policy', { title: 'Cookie-Richtlinie' })}
      />,
      makeClientLayout({
        dictionary: {
          'cookiesPolicy.strictlyNecessary': 'Unbedingt erforderliche Cookies',
          'cookiesPolicy.purpose.token': 'Hält Sie als Mitglied angemeldet.',
          'cookiesPolicy.lifetime': 'Speicherdauer',
          'cookiesPolicy.lifetime.twoDays': '2 Tage',
        },
      }),
    );
    expect(screen.getByRole('heading', { name: 'Unbedingt erforderliche Cookies' })).toBeTruthy();
    expect(
      screen.getByText('Hält Sie als Mitglied angemeldet. Speicherdauer: 2 Tage.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Keeps you logged in/)).toBeNull();
  });

  it('lists the remembered language and the closed notices too', () => {
    renderScreen(<CookiesPolicyScreen page={makePageAnswer('cookies-policy', { title: '' })} />);
    expect(screen.getByText('language')).toBeTruthy();
    expect(screen.getByText('closedAlerts')).toBeTruthy();
  });

  it('shows the page text instead when there is one', () => {
    renderScreen(
      <CookiesPolicyScreen
        page={makePageAnswer('cookies-policy', { title: 'Cookies', text: '<p>Our cookies.</p>' })}
      />,
    );
    expect(screen.getByText('Our cookies.')).toBeTruthy();
    expect(screen.queryByText('XSRF-TOKEN')).toBeNull();
  });
});

describe('privacy policy', () => {
  it('links to the FAQ, the terms, registration and the cookies policy', () => {
    renderScreen(<PrivacyPolicyScreen page={makePageAnswer('privacy-policy', { title: '' })} />);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/eng/faq',
        '/eng/terms-and-conditions',
        '/eng/registration',
        '/eng/cookies-policy',
      ]),
    );
  });
});

describe('server text pages', () => {
  it('render the title and the text', () => {
    renderScreen(
      <NewsScreen page={makePageAnswer('news', { title: 'News', text: '<p>New gifts!</p>' })} />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('News');
    expect(screen.getByText('New gifts!')).toBeTruthy();
  });

  it('fall back to an English title and a short note without text', () => {
    renderScreen(<TermsScreen page={makePageAnswer('terms-and-conditions', { title: '' })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms and Conditions');
  });
});
