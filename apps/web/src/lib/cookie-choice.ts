import { readCookie, readStoredValue, writeCookie } from './client-storage';

/**
 * The visitor's answer to the cookie notice, kept in the stored client value
 * `cookiesAlertClosed` (spec 1 §2): `1` accepted (the value the spec's
 * notice always stored), `refused` refused. Keeping the answer is itself
 * essential. The club sets no non-essential cookie or storage today; anything
 * that ever does must ask `cookieChoice() === 'accepted'` first.
 *
 * The answer is a cookie for the parent domain whatever the configured
 * storage, so that one answer serves every country site, for a year
 * (decision 044); an answer a site kept in its own storage before still counts.
 */
export type CookieChoice = 'accepted' | 'refused';

const storedValues: Readonly<Record<CookieChoice, string>> = { accepted: '1', refused: 'refused' };

export function cookieChoice(): CookieChoice | null {
  const stored = readCookie('cookiesAlertClosed') ?? readStoredValue('cookiesAlertClosed');
  if (stored === null || stored === '') return null;
  return stored === storedValues.refused ? 'refused' : 'accepted';
}

export function rememberCookieChoice(choice: CookieChoice): void {
  writeCookie('cookiesAlertClosed', storedValues[choice], 365 * 24 * 60 * 60);
}
