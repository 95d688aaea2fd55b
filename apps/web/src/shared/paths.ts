import type { ClientLayout } from '@club/contract/client-layout';

/**
 * Every in-app URL is built here (spec 2 §2.2): "A link to the home page means
 * the empty path. Link paths are prefixed with the country and language route
 * segments from the layout."
 */
export function pagePath(
  layout: Pick<ClientLayout, 'routePrefix'>,
  pageName: string,
  query?: URLSearchParams | Record<string, string>,
): string {
  const page = pageName === 'home' ? '' : `/${pageName}`;
  const path = `${layout.routePrefix}${page}` || '/';
  const search = new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
}

/**
 * Link of the language switcher: the same page in another language, keeping
 * only the query parameters the layout names in `paramsRoute` (spec 1 §2).
 */
export function languageSwitchPath(
  layout: Pick<ClientLayout, 'countryRoute' | 'defaultLanguageCode' | 'paramsRoute'>,
  languageCode: string,
  pageName: string,
  currentSearch: string,
): string {
  const languageRoute = languageCode === layout.defaultLanguageCode ? '' : `/${languageCode}`;
  const current = new URLSearchParams(currentSearch);
  const kept = new URLSearchParams();
  for (const name of layout.paramsRoute) {
    for (const value of current.getAll(name)) kept.append(name, value);
  }
  return pagePath({ routePrefix: `${layout.countryRoute}${languageRoute}` }, pageName, kept);
}
