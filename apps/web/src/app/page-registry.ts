import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ClientLayout } from '@club/contract/client-layout';
import type { User } from '@club/contract/membership';
import type { Page } from '@club/contract/page';
import type { PageName } from '@club/contract/routes';
import { membershipScreens } from '../features/membership/membership-screens';
import { memberHome, pointsScreens } from '../features/points/points-screens';
import { readStoredValue } from '../lib/client-storage';

/** What every page screen receives: the page answer (or a page built locally). */
export type ScreenProps<TPage extends Page = Page> = { page: TPage };
/** A page title in the language of the layout's dictionary. */
export type PageTitle = (dictionary: ClientLayout['dictionary']) => string;
/** What a screen's prefetch gets: the query cache and the member of the startup user check. */
export type ScreenPrefetch = { queryClient: QueryClient; user: User | null };
export type PageScreen = ComponentType<ScreenProps> & {
  /**
   * Screens built locally (no page call) name their page title here; the page
   * loader puts it in the local page, so the document title names the page.
   */
  pageTitle?: PageTitle;
  /**
   * Fills the query cache with the answers the screen shows beyond its page,
   * so that it renders once, with them. The page loader waits on it; it never
   * rejects (a failed call is left in the cache for the screen to show).
   */
  prefetch?: (context: ScreenPrefetch) => Promise<void>;
};

export type ScreenEntry = {
  /** Loads the screen's lazy chunk. */
  load: () => Promise<PageScreen>;
  /**
   * False for screens built locally (403, 404, login, and later the agency
   * success pages): the page call is skipped and the screen gets a local page,
   * titled by the screen's `pageTitle`.
   */
  fromServer?: boolean;
};

/**
 * Page name → screen, like a block registry of server-driven pages. A later
 * capability registers its screens here by name; names not listed (or not
 * built yet) show the 404 screen.
 */
export const pageScreens: Partial<Record<PageName, ScreenEntry>> = {
  home: {
    // A stored session shows the member home; every login and logout reloads the page.
    load: () =>
      readStoredValue('userId') === null
        ? import('../features/content/components/guest-home').then((m) => m.GuestHome)
        : memberHome(),
  },
  faq: {
    load: () => import('../features/content/components/faq-screen').then((m) => m.FaqScreen),
  },
  'cookies-policy': {
    load: () =>
      import('../features/content/components/cookies-policy-screen').then(
        (m) => m.CookiesPolicyScreen,
      ),
  },
  'privacy-policy': {
    load: () =>
      import('../features/content/components/privacy-policy-screen').then(
        (m) => m.PrivacyPolicyScreen,
      ),
  },
  'terms-and-conditions': {
    load: () =>
      import('../features/content/components/text-page-screen').then((m) => m.TermsScreen),
  },
  news: {
    load: () => import('../features/content/components/text-page-screen').then((m) => m.NewsScreen),
  },
  '403': {
    load: () =>
      import('../features/content/components/error-screens').then((m) => m.AccessDeniedScreen),
    fromServer: false,
  },
  '404': {
    load: () =>
      import('../features/content/components/error-screens').then((m) => m.NotFoundScreen),
    fromServer: false,
  },
};

/**
 * Screens of a capability, each its own lazy chunk, listed by the capability
 * (`screens`). The lists are in the first script, so that a screen's chunk is
 * one request away, not behind a chunk of loaders.
 */
function registerScreens<TName extends PageName>(
  names: readonly TName[],
  screens: Record<TName, () => Promise<PageScreen>>,
  localPages: readonly TName[] = [],
): void {
  for (const name of names)
    pageScreens[name] = { load: screens[name], fromServer: !localPages.includes(name) };
}

const membershipPages = [
  'registration',
  'registration-success',
  'registration-email-confirm',
  'reconfirm',
  'login',
  'retrieve-password',
  'forgot-password',
  'profile-update',
  'profile-delete',
  'delete-confirm',
  'restore',
  'restore-confirm',
  'email-change-confirm',
] as const;
export type MembershipPageName = (typeof membershipPages)[number];

registerScreens(
  membershipPages,
  membershipScreens,
  // The login page is built locally (spec 2 §7).
  ['login'],
);

// The points list names the gifts and agency screens too (features/gifts,
// features/agency); the agency success pages are built locally (spec 2 §7).
const pointsPages = [
  'points',
  'archive-points',
  'gifts',
  'redeem-points',
  'agency-opt-in',
  'agency-opt-out',
  'agency-successfully-opt-in',
  'agency-successfully-opt-out',
] as const;
export type PointsPageName = (typeof pointsPages)[number];
export type GiftsPageName = Extract<PointsPageName, 'gifts' | 'redeem-points'>;
export type AgencyPageName = Extract<PointsPageName, `agency-${string}`>;

registerScreens(pointsPages, pointsScreens, [
  'agency-successfully-opt-in',
  'agency-successfully-opt-out',
]);

/** The screen of a page name; unknown or unregistered names give the 404 screen. */
export function screenFor(pageName: string): { pageName: string; entry: ScreenEntry } {
  const entry = pageScreens[pageName as PageName];
  if (entry) return { pageName, entry };
  return { pageName: '404', entry: pageScreens['404'] as ScreenEntry };
}
