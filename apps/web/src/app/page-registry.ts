import type { PageName } from '@club/contract/routes';
import { agencyScreens } from '../features/agency/agency-screens';
import { contentScreens, guestHome } from '../features/content/content-screens';
import { giftsScreens } from '../features/gifts/gifts-screens';
import { membershipScreens } from '../features/membership/membership-screens';
import { memberHome, pointsScreens } from '../features/points/points-screens';
import { readStoredValue } from '../lib/client-storage';
import type { FeatureScreens, ScreenEntry } from '../shared/screens';

/**
 * Page name → screen, like a block registry of server-driven pages: each
 * feature lists its own screens, each its own lazy chunk, and this is the one
 * place that puts the lists together. The lists are in the first script, so
 * that a screen's chunk is one request away, not behind a chunk of loaders.
 * Names not listed show the 404 screen.
 */
export const pageScreens: FeatureScreens = {
  home: {
    // A stored session shows the member home; every login and logout reloads the page.
    load: () => (readStoredValue('userId') === null ? guestHome() : memberHome()),
  },
  ...contentScreens,
  ...membershipScreens,
  ...pointsScreens,
  ...giftsScreens,
  ...agencyScreens,
};

/** The screen of a page name; unknown or unregistered names give the 404 screen. */
export function screenFor(pageName: string): { pageName: string; entry: ScreenEntry } {
  const entry = pageScreens[pageName as PageName];
  if (entry) return { pageName, entry };
  return { pageName: '404', entry: pageScreens['404'] as ScreenEntry };
}
