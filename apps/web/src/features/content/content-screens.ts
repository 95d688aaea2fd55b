import type { FeatureScreens, PageScreen } from '../../shared/screens';

/**
 * The guest home, which the registry's `home` entry shows without a stored
 * session, and the content screens by page name, each its own lazy chunk.
 * The 403 and 404 screens are built locally.
 */
export const guestHome = (): Promise<PageScreen> =>
  import('./components/guest-home').then((m) => m.GuestHome);

export const contentScreens = {
  faq: {
    load: () => import('./components/faq-screen').then((m) => m.FaqScreen),
  },
  'cookies-policy': {
    load: () => import('./components/cookies-policy-screen').then((m) => m.CookiesPolicyScreen),
  },
  'privacy-policy': {
    load: () => import('./components/privacy-policy-screen').then((m) => m.PrivacyPolicyScreen),
  },
  'terms-and-conditions': {
    load: () => import('./components/text-page-screen').then((m) => m.TermsScreen),
  },
  news: {
    load: () => import('./components/text-page-screen').then((m) => m.NewsScreen),
  },
  '403': {
    load: () => import('./components/error-screens').then((m) => m.AccessDeniedScreen),
    fromServer: false,
  },
  '404': {
    load: () => import('./components/error-screens').then((m) => m.NotFoundScreen),
    fromServer: false,
  },
} satisfies FeatureScreens;
