import { countryFromHost, isLanguageSegment, splitCountryRoute } from './host.js';

/**
 * The route table of spec 2 §2.1 and the legacy `?mode=` redirects of §2.3,
 * shared so that the server's page registry and the web app's agree.
 */

/** Page names open to everyone (spec 2 §2.1). */
export const publicPageNames = [
  '403',
  '404',
  'archive-points',
  'cookies-policy',
  'faq',
  'home',
  'news',
  'privacy-policy',
  'registration',
  'registration-email-confirm',
  'registration-success',
  'restore-confirm',
  'email-change-confirm',
  'terms-and-conditions',
  'forgot-password',
  'login',
  'reconfirm',
  'restore',
  'retrieve-password',
  'retrieve-member-number',
  'agency-opt-out',
  'agency-opt-in',
  'agency-successfully-opt-out',
  'agency-successfully-opt-in',
] as const;

/** Page names that render only when the user is logged in (spec 2 §2.1). */
export const memberPageNames = [
  'gifts',
  'profile-delete',
  'profile-update',
  'redeem-points',
  'points',
  'delete-confirm',
] as const;

export type PublicPageName = (typeof publicPageNames)[number];
export type MemberPageName = (typeof memberPageNames)[number];
export type PageName = PublicPageName | MemberPageName;

/**
 * Guest pages a signed-in member has no use for: a member who lands on one
 * goes home, and a member handed over to their own country's site from one
 * arrives on home there.
 */
export const guestOnlyPageNames = [
  'login',
  'registration',
  'retrieve-password',
  'retrieve-member-number',
] as const;
export function isGuestOnlyPage(name: string): boolean {
  return (guestOnlyPageNames as readonly string[]).includes(name);
}

const allPageNames: ReadonlySet<string> = new Set([...publicPageNames, ...memberPageNames]);
export function isPageName(name: string): name is PageName {
  return allPageNames.has(name);
}
export function isMemberPage(name: string): boolean {
  return (memberPageNames as readonly string[]).includes(name);
}

/** `agency/…` aliases with a slash (spec 2 §2.1). */
export const pageAliases: Readonly<Record<string, PageName>> = {
  'agency/opt-out': 'agency-opt-out',
  'agency/opt-in': 'agency-opt-in',
  'agency/successfully-opt-out': 'agency-successfully-opt-out',
  'agency/successfully-opt-in': 'agency-successfully-opt-in',
};

/** Legacy `?mode=` values on home and their target pages (spec 2 §2.3). */
export const legacyModeTargets: Readonly<Record<string, PageName>> = {
  subscribe: 'registration',
  thanks: 'registration-success',
  login: 'home',
  forgotpassword: 'forgot-password',
  passwordretrive: 'retrieve-password',
  restoreconfirm: 'restore-confirm',
  delete: 'profile-delete',
  update: 'profile-update',
  point: 'points',
  usepoints: 'redeem-points',
  list: 'gifts',
  archive_point: 'archive-points',
  rules: 'privacy-policy',
  cookies: 'cookies-policy',
  terms: 'faq',
  conditions: 'terms-and-conditions',
  emailconfirm: 'registration-email-confirm',
};

/**
 * Target page of a legacy `?mode=` query on home, or undefined when the query
 * has no known mode. `mode=login` goes to login only when a `form` param exists.
 */
export function legacyModeTarget(query: URLSearchParams): PageName | undefined {
  const mode = query.get('mode');
  if (mode === null) return undefined;
  const target = legacyModeTargets[mode.toLowerCase()];
  if (target === 'home' && query.has('form')) return 'login';
  return target;
}

/** Pages whose header banner is hidden (spec 1 §2 "Header banner"). */
export const pagesWithoutBanner: ReadonlySet<string> = new Set([
  '403',
  '404',
  'delete-confirm',
  'email-change-confirm',
  'forgot-password',
  'profile-delete',
  'reconfirm',
  'registration',
  'registration-email-confirm',
  'registration-success',
  'restore',
  'restore-confirm',
  'retrieve-password',
  'retrieve-member-number',
]);

/** Pages whose main area has a light grey background (spec 1 §2, spec 2 §2.4). */
export const pagesWithGreyBackground: ReadonlySet<string> = new Set([
  'archive-points',
  'gifts',
  'redeem-points',
]);

export type ResolvedRoute = {
  /** Three-letter language code from the path, if the path carries one. */
  languageCode: string | undefined;
  /** Page name after aliases; `home` for the empty path. */
  pageName: string;
};

/**
 * Splits an app path (without country route) into language and page name by
 * the rules of spec 2 §2.1–2.2: optional `{language}` prefix; a first segment
 * that is not three letters is the page name; `agency/…` aliases; the empty
 * path is home. A three-letter segment that is itself a page name (`faq`) is
 * taken as the page so that `/faq` works as every other page does.
 * Paths that fit no route give the page name `404`.
 */
export function resolveRoute(pathname: string): ResolvedRoute {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  let languageCode: string | undefined;
  const first = segments[0];
  if (isLanguageSegment(first) && !isPageName(first)) {
    languageCode = first.toLowerCase();
    segments.shift();
  }
  const rest = segments.join('/');
  if (rest === '') return { languageCode, pageName: 'home' };
  const alias = pageAliases[rest];
  if (alias !== undefined) return { languageCode, pageName: alias };
  if (segments.length === 1 && isPageName(rest)) return { languageCode, pageName: rest };
  return { languageCode, pageName: '404' };
}

/**
 * Whether a page view's URL names a page of the route table, decided as the
 * web app decides it: country from the host (`gr.club.example`) or else from
 * a two-letter first segment, then {@link resolveRoute}. The server answers a
 * path that fits no route with HTTP 404 (the web app shows its 404 page).
 * Unknown languages and countries are found only with the content, by the
 * web app's layout call.
 */
export function isKnownPagePath(host: string, pathname: string, rootDomain: string): boolean {
  const { appPath } = splitCountryRoute(pathname, countryFromHost(host, rootDomain));
  return resolveRoute(appPath).pageName !== '404';
}
