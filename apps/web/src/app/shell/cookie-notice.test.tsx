import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readStoredValue, writeStoredValue } from '../../lib/client-storage';
import { CookieNotice, cookieNoticeSizeProperty } from './cookie-notice';
import { makeLayout, renderWithLayout } from './shell-test-utils';

function notice() {
  return screen.queryByRole('region', { name: 'Cookie notice' });
}

describe('CookieNotice', () => {
  it('shows the notice with a link to the cookies policy and an accept button', () => {
    renderWithLayout(<CookieNotice />);
    expect(notice()?.textContent).toContain('third-party cookies');
    expect(screen.getByRole('link', { name: 'Cookies Policy' }).getAttribute('href')).toBe(
      '/eng/cookies-policy',
    );
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('uses the dictionary texts', () => {
    renderWithLayout(<CookieNotice />, {
      layout: makeLayout({
        dictionary: {
          'cookies.text': 'Wir nutzen Cookies.',
          'cookies.link': 'Cookie-Richtlinie',
          'cookies.accept': 'OK',
        },
      }),
    });
    expect(notice()?.textContent).toContain('Wir nutzen Cookies.');
    expect(screen.getByRole('link', { name: 'Cookie-Richtlinie' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
  });

  it('stays closed once accepted, across a reload', async () => {
    const first = renderWithLayout(<CookieNotice />);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(notice()).toBeNull();
    expect(readStoredValue('cookiesAlertClosed')).toBe('1');

    first.unmount();
    renderWithLayout(<CookieNotice />);
    expect(notice()).toBeNull();
  });

  it('is not shown when the stored value is set', () => {
    writeStoredValue('cookiesAlertClosed', '1');
    renderWithLayout(<CookieNotice />);
    expect(notice()).toBeNull();
  });

  it('is not shown when the menu is hidden', () => {
    renderWithLayout(<CookieNotice />, { layout: makeLayout({ menuHidden: true }) });
    expect(notice()).toBeNull();
  });

  it('keeps its height on <html> while shown, so focus and the page end scroll clear of it', async () => {
    const root = document.documentElement;
    renderWithLayout(<CookieNotice />);
    expect(root.style.getPropertyValue(cookieNoticeSizeProperty)).toMatch(/^\d+px$/);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(root.style.getPropertyValue(cookieNoticeSizeProperty)).toBe('');
  });
});
