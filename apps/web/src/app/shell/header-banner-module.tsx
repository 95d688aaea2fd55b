import { createElement } from 'react';
import type { HeaderBanner } from './header-banner';
import { preloadedModule } from '../../lib/preloaded-module';

/**
 * The header banner slideshow stays out of the first script: the page loader
 * fetches it with the layout and the page, so the shell has it when a page
 * with a banner shows. Should its chunk fail to load, pages show without it.
 */
export const headerBanner = preloadedModule<typeof HeaderBanner>(() =>
  import('./header-banner').then((module) => module.HeaderBanner),
);

/** The banner once its chunk is there, else nothing; `small`: the members' low strip. */
export function HeaderBannerSlot({ small }: { small: boolean }) {
  const banner = headerBanner.current();
  // The component is the module's own, the same on every render.
  return banner ? createElement(banner, { small }) : null;
}
