import { appConfig } from './app-config';

/**
 * The stored client values of spec 1 §3 (token, userId, cookiesAlertClosed,
 * withoutLayout). By configuration they live in local storage or in cookies
 * that last 2 days, are secure and are set for the parent domain, so that every
 * country subdomain shares them (spec 1 §9).
 */
export type StoredValueName =
  | 'token'
  | 'userId'
  | 'cookiesAlertClosed'
  | 'withoutLayout'
  /** The language last chosen in the language switcher, for the next visit. */
  | 'language';

const cookieLifetimeSeconds = 2 * 24 * 60 * 60;

function parentDomain(): string | undefined {
  const root = appConfig().rootDomain;
  // Browsers refuse Domain=localhost cookies; host-only cookies serve there.
  if (root === 'localhost' || !location.hostname.endsWith(root)) return undefined;
  return root;
}

/** A cookie of the site, whatever the configured storage. */
export function readCookie(name: StoredValueName): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** A secure cookie for the parent domain, shared by every country site; `maxAge` 0 removes it. */
export function writeCookie(
  name: StoredValueName,
  value: string,
  maxAge = cookieLifetimeSeconds,
): void {
  const domain = parentDomain();
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; secure; samesite=lax${domain ? `; domain=${domain}` : ''}`;
}

export function readStoredValue(name: StoredValueName): string | null {
  return appConfig().tokenStorage === 'local' ? localStorage.getItem(name) : readCookie(name);
}

export function writeStoredValue(name: StoredValueName, value: string): void {
  if (appConfig().tokenStorage === 'local') localStorage.setItem(name, value);
  else writeCookie(name, value);
}

export function removeStoredValue(name: StoredValueName): void {
  if (appConfig().tokenStorage === 'local') localStorage.removeItem(name);
  else writeCookie(name, '', 0);
}
