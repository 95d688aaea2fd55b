import { readStoredValue, writeStoredValue } from './client-storage';

/**
 * The visitor's answer to the cookie notice, kept in the stored client value
 * `cookiesAlertClosed` (spec 1 §2): `1` accepted (the value the spec's
 * notice always stored), `refused` refused. Keeping the answer is itself
 * essential. The club sets no non-essential cookie or storage today; anything
 * that ever does must ask `cookieChoice() === 'accepted'` first.
 */
export type CookieChoice = 'accepted' | 'refused';

const storedValues: Readonly<Record<CookieChoice, string>> = { accepted: '1', refused: 'refused' };

export function cookieChoice(): CookieChoice | null {
  const stored = readStoredValue('cookiesAlertClosed');
  if (stored === null || stored === '') return null;
  return stored === storedValues.refused ? 'refused' : 'accepted';
}

export function rememberCookieChoice(choice: CookieChoice): void {
  writeStoredValue('cookiesAlertClosed', storedValues[choice]);
}
