import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ClientLayout } from '@club/contract/client-layout';
import type { User } from '@club/contract/membership';
import type { Page } from '@club/contract/page';
import type { PageName } from '@club/contract/routes';

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
   * False for screens built locally (403, 404, login, the agency success
   * pages): the page call is skipped and the screen gets a local page,
   * titled by the screen's `pageTitle`.
   */
  fromServer?: boolean;
};

/**
 * A feature's screens by page name. Each feature lists its own; only the page
 * registry (app/page-registry.ts) puts the lists together.
 */
export type FeatureScreens = Partial<Record<PageName, ScreenEntry>>;
