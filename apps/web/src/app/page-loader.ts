import { createPath, type Location } from '../shared/navigation/path';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { fallbackLayout, type ClientLayout } from '@club/contract/client-layout';
import { countryFromHost, splitCountryRoute } from '@club/contract/host';
import type { Page } from '@club/contract/page';
import { isMemberPage, legacyModeTarget, resolveRoute } from '@club/contract/routes';
import { getLayout, layoutQueryOptions } from '../shared/content-api/get-layout';
import { getPage, pageQueryOptions } from '../shared/content-api/get-page';
import type { ContentLocale } from '../shared/content-api/content-locale';
import { errorMessages, loadFailure } from '../lib/api-error';
import { afterThisTask } from '../lib/after-this-task';
import { appConfig } from '../lib/app-config';
import { rootSiteUrl } from '../lib/country-host';
import { readStoredValue } from '../lib/client-storage';
import { dictionaryText } from '../lib/dictionary';
import { logError } from '../lib/error-log';
import { setRequestLanguage } from '../lib/http-client';
import { loadSanitizer } from '../lib/sanitizer';
import { headerBanner } from './shell/header-banner-module';
import { memberSession } from './user/member-session-module';
import type { LazyQueryClient } from './lazy-query-client';
import { localPage } from '../shared/local-page';
import { redirectTo, type Redirect } from '../shared/navigation/page-navigator';
import type { PageScreen } from '../shared/screens';
import { screenFor } from './page-registry';
import { htmlLang } from './document-meta';
import { checkedUser, type UserCheckOutcome } from '../shared/user/user-check';

/** Everything a page view needs, resolved before it renders. */
export type PageView =
  | {
      kind: 'page';
      /** The page shown: the route's page, or `403`/`404`. */
      pageName: string;
      layout: ClientLayout;
      page: Page;
      /** Null when the page could not be loaded: only the error banner shows. */
      Screen: PageScreen | null;
      /** Errors to show in the banner (spec 1 §8 load errors). */
      errors: string[];
      queryClient: QueryClient;
      /**
       * A chunk of the app failed to load: the browser keeps that failure
       * for the document, so only a reload tries it again.
       */
      retryByReload?: boolean;
    }
  /** The browser is leaving for the root site (subdomain disabled). */
  | { kind: 'leaving' };

type PageViewOf<K extends PageView['kind']> = Extract<PageView, { kind: K }>;

/**
 * A call through the query cache. On the very first page the cache is still
 * loading: the call starts at once and its answer is stored when the cache is
 * there, so the data never waits for the cache's code.
 */
async function throughCache<T>(
  queries: LazyQueryClient,
  queryKey: QueryKey,
  fetcher: () => Promise<T>,
): Promise<T> {
  if (queries.current) return queries.current.fetchQuery({ queryKey, queryFn: fetcher });
  const early = fetcher();
  early.catch(() => undefined);
  const client = await queries.ready;
  return client.fetchQuery({ queryKey, queryFn: () => early });
}

/** Query keys the client sets itself: never taken from the URL as page params. */
const localeParams = new Set(['countryCode', 'languageCode']);

/**
 * Legacy `?mode=` on home (spec 2 §2.3): the target page under the same
 * country and language prefix, keeping every other query parameter. A
 * country chosen at registration (`?countrySelected=1`, spec 1 §2) leads to
 * registration.
 */
/** The address of `url` without its language prefix, in the country's default language. */
function withoutLanguage(
  url: URL,
  countryRoute: string,
  appPath: string,
  language: string,
): string {
  const rest = appPath.slice(1 + language.length) || '/';
  return `${countryRoute}${rest}${url.search}${url.hash}`;
}

function legacyRedirectPath(url: URL, prefix: string): string | undefined {
  const target =
    legacyModeTarget(url.searchParams) ??
    (url.searchParams.get('countrySelected') === '1' ? 'registration' : undefined);
  if (target === undefined) return undefined;
  const query = new URLSearchParams(url.searchParams);
  query.delete('mode');
  const path = target === 'home' ? prefix || '/' : `${prefix}/${target}`;
  const search = query.toString();
  return `${path}${search === '' ? '' : `?${search}`}${url.hash}`;
}

/**
 * The same page on the root site under the country's route prefix:
 * `cy.club.example/registration` → `club.example/cy/registration`.
 */
function onRootSite(countryRoute: string): string {
  const { pathname, search, hash } = window.location;
  return rootSiteUrl(`${countryRoute}${pathname}${search}${hash}`);
}

/** The page of a screen built locally, titled by the screen in the layout's language. */
function screenPage(
  pageName: string,
  Screen: PageScreen,
  layout: ClientLayout,
  params?: Record<string, string>,
): Page {
  return localPage(pageName, Screen.pageTitle?.(layout.dictionary) ?? '', params);
}

async function errorView(
  pageName: '403' | '404',
  layout: ClientLayout,
  queryClient: QueryClient,
): Promise<PageViewOf<'page'>> {
  const Screen = await screenFor(pageName).entry.load();
  const page = screenPage(pageName, Screen, layout);
  return { kind: 'page', pageName, layout, page, Screen, errors: [], queryClient };
}

function unavailableView(
  pageName: string,
  layout: ClientLayout,
  queryClient: QueryClient,
  cause: unknown,
  retryByReload: boolean,
): PageViewOf<'page'> {
  void logError(`${errorMessages.loadUnrecognized}: ${String(cause)}`);
  return {
    retryByReload,
    kind: 'page',
    pageName,
    layout,
    page: localPage(pageName, ''),
    Screen: null,
    errors: [
      dictionaryText(layout.dictionary, 'error.servicesUnavailable', errorMessages.unavailable),
    ],
    queryClient,
  };
}

/**
 * The screen's own data (`PageScreen.prefetch`), once its code, the query
 * cache and, for the member in it, the startup user check are there.
 */
async function prefetchScreenData(
  screen: Promise<PageScreen>,
  queries: LazyQueryClient,
  userCheck: Promise<UserCheckOutcome>,
): Promise<void> {
  const [Screen, queryClient] = await Promise.all([screen, queries.ready]);
  if (!Screen.prefetch) return;
  await Screen.prefetch({ queryClient, user: checkedUser(await userCheck) });
}

async function loadView(
  url: URL,
  queries: LazyQueryClient,
  userCheck: Promise<UserCheckOutcome>,
): Promise<PageView | Redirect> {
  const hostCountry = countryFromHost(window.location.host, appConfig().rootDomain);
  const { pathCountry, countryRoute, appPath } = splitCountryRoute(url.pathname, hostCountry);
  const route = resolveRoute(appPath);

  if (route.pageName === 'home') {
    const prefix = `${countryRoute}${appPath.replace(/\/+$/, '')}`;
    const redirectPath = legacyRedirectPath(url, prefix);
    if (redirectPath !== undefined) return redirectTo(redirectPath);
  }

  const locale: ContentLocale = {
    countryCode: pathCountry ?? hostCountry,
    languageCode: route.languageCode,
  };
  const params: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!localeParams.has(key)) params[key] = value;
  // Member pages show the 403 screen to guests without asking the server (spec 2 §2.1).
  const sessionStored = readStoredValue('userId') !== null;
  const guestOnMemberPage = isMemberPage(route.pageName) && !sessionStored;
  const { pageName, entry } = screenFor(guestOnMemberPage ? '403' : route.pageName);
  const fromServer = entry.fromServer !== false;
  const layoutCall = throughCache(queries, layoutQueryOptions(locale).queryKey, () =>
    getLayout(locale),
  );
  const pageCall = fromServer
    ? throughCache(queries, pageQueryOptions(pageName, locale, params).queryKey, () =>
        getPage(pageName, locale, params),
      )
    : null;
  // Handled below, after the yield.
  layoutCall.catch(() => undefined);
  pageCall?.catch(() => undefined);
  // The calls are on their way: the chunks start in a task of their own, so
  // that no task grows long (each request costs the main thread).
  await afterThisTask();
  const screen = entry.load();

  const [layoutResult, pageResult, screenResult, , sanitizerResult, bannerResult, sessionResult] =
    await Promise.allSettled([
      layoutCall,
      pageCall,
      screen,
      // The screen renders once, with its data.
      prefetchScreenData(screen, queries, userCheck),
      // Server HTML (alerts, page text) is shown with the page: load its sanitiser too.
      loadSanitizer(),
      // And the header banner, out of the first script (decision 004).
      headerBanner.load(),
      // And what a stored session brings along.
      sessionStored ? memberSession.load() : null,
    ]);
  const queryClient = await queries.ready;
  const chunkFailed = [screenResult, sanitizerResult, bannerResult, sessionResult].some(
    (result) => result.status === 'rejected',
  );

  if (layoutResult.status === 'rejected') {
    const failure = loadFailure(layoutResult.reason);
    // A language this country does not offer (a member handed over from
    // another country's site in its language, an old link): the same page in
    // the country's default language. Without a prefix nothing redirects
    // again: an unknown country still ends on the 404 screen.
    if (failure === 'not-found') {
      if (route.languageCode)
        return redirectTo(withoutLanguage(url, countryRoute, appPath, route.languageCode));
    }
    // The page's words in its language, as far as the app can tell it without the layout.
    const wanted = [route.languageCode, readStoredValue('language')];
    const layout = await import('./fallback-layout/fallback-layout').then(
      (words) =>
        words.fallbackLayoutIn(
          fallbackLayout,
          words.fallbackLanguageCode(wanted, navigator.languages),
        ),
      () => fallbackLayout,
    );
    if (failure === 'not-found') return errorView('404', layout, queryClient);
    if (failure === 'no-access') return errorView('403', layout, queryClient);
    return unavailableView(pageName, layout, queryClient, layoutResult.reason, chunkFailed);
  }
  const layout = layoutResult.value;
  // An address without a language opens in the language the visitor chose
  // last in the switcher, where this country offers it.
  const remembered = route.languageCode ? null : readStoredValue('language');
  if (
    remembered !== null &&
    remembered !== layout.languageCode &&
    layout.languages.some((language) => language.code === remembered)
  )
    return redirectTo(
      `${countryRoute}/${remembered}${appPath === '/' ? '' : appPath}${url.search}${url.hash}`,
    );
  setRequestLanguage(htmlLang(layout));

  if (layout.subDomainDisabled && hostCountry !== undefined) {
    window.location.replace(onRootSite(layout.countryRoute));
    return { kind: 'leaving' };
  }

  if (pageResult.status === 'rejected') {
    const failure = loadFailure(pageResult.reason);
    if (failure === 'not-found') return errorView('404', layout, queryClient);
    if (failure === 'no-access') return errorView('403', layout, queryClient);
    return unavailableView(pageName, layout, queryClient, pageResult.reason, chunkFailed);
  }
  if (screenResult.status === 'rejected')
    return unavailableView(pageName, layout, queryClient, screenResult.reason, true);

  if (pageName === '404' || pageName === '403') return errorView(pageName, layout, queryClient);
  const Screen = screenResult.value;
  const page = pageResult.value ?? screenPage(pageName, Screen, layout, params);
  // The screen's words come with its page; the shell's with the layout.
  const words = page.dictionary;
  const withWords = words ? { ...layout, dictionary: { ...layout.dictionary, ...words } } : layout;
  return { kind: 'page', pageName, layout: withWords, page, Screen, errors: [], queryClient };
}

/**
 * The loader of the catch-all route: resolves route, layout, page, screen and
 * the screen's data. A member's data is that of the startup user check: every
 * login and logout reloads the page.
 */
export function createPageLoader(queries: LazyQueryClient, userCheck: Promise<UserCheckOutcome>) {
  return (location: Location) =>
    loadView(new URL(createPath(location), window.location.origin), queries, userCheck);
}
