import type { HandoverCodeAnswer } from '@club/contract/membership';
import { countryHostUrl, countrySiteUrl } from '../../lib/country-host';
import { httpClient } from '../../lib/http-client';
import { handoverParam } from '../../shared/user/session-handover';
import { clearSession } from '../../shared/user/session-storage';

function withHandover(path: string, code: string): string {
  const url = new URL(path, 'http://club.invalid');
  url.searchParams.set(handoverParam, code);
  return `${url.pathname}${url.search}${url.hash}`;
}

let following = false;

/** For tests: a new page. */
export function resetFollowMemberCountry(): void {
  following = false;
}

/**
 * Spec 1 §4 "the site switches to the user's country", signed in: each
 * country's site has its own host and so its own storage, so the member goes
 * with a single-use handover code (decision 026), which their own site
 * exchanges for its session. This site forgets its session, which the
 * exchange ends (a code works only while the session that minted it is open,
 * so no logout here): the member's session lives on their own site, and a
 * later visit here no longer bounces. Without a code (the call failed) the
 * member still goes, and logs in there.
 */
export async function followMemberCountry(countryCode: string, path: string): Promise<void> {
  // Once per page: a second follow (the route changing while the first one
  // waits) would be cut off by the first one's navigation, and its fallback
  // (no code) would replace the navigation that carries the code.
  if (following) return;
  following = true;
  let target: string;
  try {
    const handover = await httpClient.post<HandoverCodeAnswer>(
      '/s2c/auth/v1/session/handover-code',
    );
    clearSession();
    target = countrySiteUrl(
      { code: handover.countryCode, countryRoute: handover.countryRoute },
      withHandover(path, handover.code),
    );
  } catch {
    target = countryHostUrl(countryCode, path);
  }
  window.location.assign(target);
}
