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

export function registerContentPages(registry: PageRegistry): void {
  for (const [name, defaultTitle] of Object.entries(contentPageTitles)) {
    registry.register({
      name,
      cached: true,
      load: async ({ content }) => (await content.page()) ?? { title: defaultTitle },
    });
  }
}
