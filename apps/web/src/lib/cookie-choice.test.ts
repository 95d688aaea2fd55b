import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAppConfigForTests } from './app-config';
import { cookieChoice, rememberCookieChoice } from './cookie-choice';

/** What the page wrote into `document.cookie`, attributes included. */
function writtenCookies() {
  const setter = vi.spyOn(document, 'cookie', 'set');
  return () => setter.mock.calls.map(([value]) => value);
}

describe('the cookie choice', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setAppConfigForTests({});
  });

  it('is a cookie whatever the configured storage, for a year, and read back', () => {
    const written = writtenCookies();
    rememberCookieChoice('refused');
    expect(written()).toEqual([
      `cookiesAlertClosed=refused; path=/; max-age=${365 * 24 * 60 * 60}; secure; samesite=lax`,
    ]);
    vi.restoreAllMocks();
    // Local storage, the configured storage, stays empty: the cookie is the answer.
    expect(Object.keys(localStorage)).toEqual([]);
    expect(document.cookie).toBe('cookiesAlertClosed=refused');
    expect(cookieChoice()).toBe('refused');
    rememberCookieChoice('accepted');
    expect(cookieChoice()).toBe('accepted');
  });

  it('is set for the parent domain, so that every country site reads the one answer', () => {
    // A page on a subdomain of the root domain: the cookie goes to the root domain.
    const root = 'club.example';
    setAppConfigForTests({ rootDomain: root });
    vi.spyOn(location, 'hostname', 'get').mockReturnValue(`gr.${root}`);
    const written = writtenCookies();
    rememberCookieChoice('accepted');
    expect(written()).toEqual([
      `cookiesAlertClosed=1; path=/; max-age=${365 * 24 * 60 * 60}; secure; samesite=lax; domain=${root}`,
    ]);
  });

  it('still reads the answer a site kept in its own storage before', () => {
    expect(cookieChoice()).toBeNull();
    localStorage.setItem('cookiesAlertClosed', '1');
    expect(cookieChoice()).toBe('accepted');
    localStorage.setItem('cookiesAlertClosed', 'refused');
    expect(cookieChoice()).toBe('refused');
    // The shared cookie, once answered, is the answer.
    rememberCookieChoice('accepted');
    expect(cookieChoice()).toBe('accepted');
  });
});
