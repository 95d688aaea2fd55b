import { countryOfAddress } from '@club/contract/host';
import type { SessionAnswer } from '@club/contract/membership';
import { appConfig } from '../../lib/app-config';
import { readStoredValue, writeStoredValue } from '../../lib/client-storage';
import { httpClient } from '../../lib/http-client';
import { startUserCheck } from './user-check';

/** The query parameter that carries a session handover code to a country's site. */
export const handoverParam = 'handover';

/**
 * Takes a handover code off the address (`?handover=…`) and removes it from
 * the address and its history entry at once, before the router reads it: the
 * code is single-use, but it has no place in a URL that lives on.
 */
export function takeHandoverCode(): string | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get(handoverParam);
  if (code === null) return null;
  url.searchParams.delete(handoverParam);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return code;
}

/**
 * Exchanges a handover code for this site's own session
 * (`POST /s2c/auth/v1/session/handover`) and stores it, so that the user
 * check that follows finds the member. A refused code leaves a guest. A live
 * session here is never replaced: a link with another member's code (sent by
 * someone else) must not sign this browser in as them, and the member's own
 * code has nothing to add; the code is left to expire.
 */
export async function exchangeHandoverCode(code: string): Promise<void> {
  if (readStoredValue('userId') !== null && (await startUserCheck()).kind === 'user') return;
  const { host, pathname } = window.location;
  const countryCode = countryOfAddress(host, pathname, appConfig().rootDomain);
  if (countryCode === undefined) return;
  try {
    const { user, token } = await httpClient.post<SessionAnswer>('/s2c/auth/v1/session/handover', {
      body: { code, countryCode },
    });
    if (token === null) return;
    writeStoredValue('token', token);
    writeStoredValue('userId', String(user.id));
  } catch {
    // Refused or unreachable: the visitor stays a guest here.
  }
}
