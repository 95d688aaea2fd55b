import type { PageRegistry } from './page-registry.js';

/**
 * The content pages of the guest area: each answers the stored page of the
 * country and language. A page with no stored row answers an empty text (the
 * web app then shows its default text) and the English title below.
 */
export const contentPageTitles = {
  home: 'Home',
  faq: 'Frequently Asked Questions',
  'cookies-policy': 'Cookies Policy',
  'privacy-policy': 'Privacy Policy',
  'terms-and-conditions': 'Terms and Conditions',
  news: 'News',
  '403': 'Access denied',
  '404': 'Page not found',
} as const;

/** Dictionary scopes of each content page's screen beyond the layout's (dictionary-words.ts). */
const contentPageWords: Partial<Record<keyof typeof contentPageTitles, readonly string[]>> = {
  // Guests see the guest home, members the member home, on one page name.
  // The member home's booking remark card: its words and the segment kinds' names.
  home: ['home', 'memberHome', 'pointsStatus', 'earning', 'points.kind', 'taxDetails'],
  // Members see their points panel beside the questions (spec 1 §2).
  faq: ['faq', 'pointsStatus'],
  // The club's own cookies policy, worded in the page's language.
  'cookies-policy': ['cookiesPolicy'],
  'privacy-policy': ['privacy'],
  'terms-and-conditions': ['terms'],
  news: ['news'],
};

export function registerContentPages(registry: PageRegistry): void {
  for (const [name, defaultTitle] of Object.entries(contentPageTitles)) {
    registry.register({
      name,
      cached: true,
      words: contentPageWords[name as keyof typeof contentPageTitles] ?? [],
      load: async ({ content }) => (await content.page()) ?? { title: defaultTitle },
    });
  }
}
