import type { ComponentType } from 'react';
import type { Page } from '@club/contract/page';
import type { PageName } from '@club/contract/routes';

/** What every page screen receives: the page answer (or a page built locally). */
export type ScreenProps<TPage extends Page = Page> = { page: TPage };
export type PageScreen = ComponentType<ScreenProps>;

export type ScreenEntry = {
  /** Loads the screen's lazy chunk. */
  load: () => Promise<PageScreen>;
  /**
   * False for screens built locally (403, 404, and later login and the agency
   * success pages): the page call is skipped and the screen gets a local page.
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
    load: () => import('../features/content/components/guest-home').then((m) => m.GuestHome),
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

/** The screen of a page name; unknown or unregistered names give the 404 screen. */
export function screenFor(pageName: string): { pageName: string; entry: ScreenEntry } {
  const entry = pageScreens[pageName as PageName];
  if (entry) return { pageName, entry };
  return { pageName: '404', entry: pageScreens['404'] as ScreenEntry };
}
