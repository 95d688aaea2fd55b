import { useEffect } from 'react';
import { useLocation } from '../../shared/navigation/navigator-router';
import { useNavigate } from '../../shared/navigation/navigator-router';
import type { User } from '@club/contract/membership';
import { isGuestOnlyPage, resolveRoute } from '@club/contract/routes';
import { httpClient } from '../../lib/http-client';
import { useCommonState } from '../../shared/common-state';
import { useLayout } from '../../shared/layout-context';
import { DirectAccessDialog } from '../shell/direct-access-dialog';
import { logoutEvent, openGiftsEvent, type OpenGiftsDetail } from '../shell/shell-events';
import { TermsDialog } from '../shell/terms-dialog';
import { useLogOut } from '../../shared/user/use-session';
import { followMemberCountry } from './follow-member-country';

/** Home in the language of `path` (`/ell/login` → `/ell`). */
function homeOf(path: string): string {
  const { languageCode } = resolveRoute(path);
  return languageCode === undefined ? '/' : `/${languageCode}`;
}

/**
 * What a logged-in member brings along (a lazy chunk, loaded once a member is
 * there): the shell's Log Out and gifts icon, the country follow, and the
 * terms and direct-access dialogs.
 */
export default function MemberSession({ pageName }: { pageName: string }) {
  const { user, setUser, withoutLayout } = useCommonState();
  const layout = useLayout();
  const location = useLocation();
  const logOut = useLogOut();
  const navigate = useNavigate();

  useEffect(() => {
    const onLogout = () => void logOut();
    window.addEventListener(logoutEvent, onLogout);
    return () => window.removeEventListener(logoutEvent, onLogout);
  }, [logOut]);

  // The header's gifts icon hands the gift list over by an event (spec 1 §2).
  useEffect(() => {
    const onOpenGifts = (event: Event) =>
      void navigate((event as CustomEvent<OpenGiftsDetail>).detail.path);
    window.addEventListener(openGiftsEvent, onOpenGifts);
    return () => window.removeEventListener(openGiftsEvent, onOpenGifts);
  }, [navigate]);

  // Spec 1 §4: the site switches to the member's country, same path, signed
  // in; from a guest page (the login they just used) they arrive on home, in
  // this page's language where that site offers it (else its default).
  const memberCountry = user?.countryCode.toLowerCase() ?? '';
  const currentCountry = layout.countryCode.toLowerCase();
  const guestOnly = isGuestOnlyPage(pageName);
  useEffect(() => {
    if (memberCountry === '' || currentCountry === '' || memberCountry === currentCountry) return;
    const path = location.pathname.slice(layout.countryRoute.length) || '/';
    void followMemberCountry(memberCountry, guestOnly ? homeOf(path) : `${path}${location.search}`);
  }, [
    memberCountry,
    currentCountry,
    guestOnly,
    layout.countryRoute,
    location.pathname,
    location.search,
  ]);

  if (user === null) return null;
  if (user.isAmadeusDirectUser) return <DirectAccessDialog onCancel={() => void logOut()} />;
  const termsGate =
    !user.agentAcceptedTermsAndConditions && pageName !== 'terms-and-conditions' && !withoutLayout;
  if (!termsGate) return null;
  return (
    <TermsDialog
      onApprove={async () => {
        setUser(await httpClient.post<User>(`/s2c/auth/v1/agents/${user.id}/terms-acceptance`));
      }}
    />
  );
}
