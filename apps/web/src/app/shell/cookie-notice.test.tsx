import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStoredValue } from '../../lib/client-storage';
import { cookieChoice } from '../../lib/cookie-choice';
import { CookieNotice, cookieNoticeSizeProperty } from './cookie-notice';
import { makeLayout, renderWithLayout, stubResizeObserver } from '../../testing/shell-test-utils';

function notice() {
  return screen.queryByRole('region', { name: 'Cookie notice' });
}

describe('CookieNotice', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

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
    expect(cookieChoice()).toBe('accepted');

    first.unmount();
    renderWithLayout(<CookieNotice />);
    expect(notice()).toBeNull();
  });

  it('offers refusing with the same button as accepting', () => {
    renderWithLayout(<CookieNotice />, {
      layout: makeLayout({ dictionary: { 'cookies.refuse': 'Ablehnen' } }),
    });
    const refuse = screen.getByRole('button', { name: 'Ablehnen' });
    const accept = screen.getByRole('button', { name: 'Accept' });
    expect(refuse.className).toBe(accept.className);
  });

  it('stays closed once refused, across a reload, and sets nothing but the answer', async () => {
    const first = renderWithLayout(<CookieNotice />);
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(notice()).toBeNull();
    expect(cookieChoice()).toBe('refused');
    // One cookie, for the parent domain (lib/cookie-choice.ts), and nothing in local storage.
    expect(Object.keys(localStorage)).toEqual([]);
    expect(document.cookie).toBe('cookiesAlertClosed=refused');

    first.unmount();
    renderWithLayout(<CookieNotice />);
    expect(notice()).toBeNull();
  });

  it('is not shown when the site kept an answer in its own storage before', () => {
    writeStoredValue('cookiesAlertClosed', '1');
    renderWithLayout(<CookieNotice />);
    expect(notice()).toBeNull();
  });

  it('is not shown when the menu is hidden', () => {
    renderWithLayout(<CookieNotice />, { layout: makeLayout({ menuHidden: true }) });
    expect(notice()).toBeNull();
  });

  it('keeps its height on <html> while shown, as the browser lays it out', async () => {
    // The height comes from the resize observer (after the browser's layout),
    // never from a layout forced during the render.
    const observer = stubResizeObserver();
    const root = document.documentElement;
    renderWithLayout(<CookieNotice />);
    expect(observer.observed()).toEqual([notice()]);
    const size = (blockSize: number) => () =>
      ({ borderBoxSize: [{ blockSize, inlineSize: 320 }] }) as unknown as ResizeObserverEntry;
    observer.report(size(87.5));
    expect(root.style.getPropertyValue(cookieNoticeSizeProperty)).toBe('88px');
    // The text wraps on a narrower window.
    observer.report(size(120));
    expect(root.style.getPropertyValue(cookieNoticeSizeProperty)).toBe('120px');

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(root.style.getPropertyValue(cookieNoticeSizeProperty)).toBe('');
    expect(observer.observed()).toEqual([]);
  });

  it('measures itself where the browser has no resize observer', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    renderWithLayout(<CookieNotice />);
    expect(document.documentElement.style.getPropertyValue(cookieNoticeSizeProperty)).toMatch(
      /^\d+px$/,
    );
  });
});
