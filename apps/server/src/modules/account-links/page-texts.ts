import type { PageContext } from '../content/page-registry.js';

/**
 * Messages the server puts in the answers of this area (spec 1 §2, §8). The
 * web app shows its own texts for most states; these reach the error lists.
 */
export const accountMessages = {
  invalidLink: 'Sorry for the inconvenience. The link is not valid any more.',
  alreadyActive: 'Your Amadeus+Me account is already active!',
  alreadyRestored: 'Already restored!',
  error: 'Error',
} as const;

/** The stored page of this name if editors wrote one, else its default title (English, like the other pages). */
export async function storedPageOr(context: PageContext, title: string) {
  return (await context.content.page()) ?? { title };
}
