import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@club/contract/page';
import { httpClient } from '../../lib/http-client';
import type { ContentLocale } from './content-locale';

/** Page params: the query of the page's URL (`s`, `c`, `category`…). */
export type PageParams = Record<string, string>;

/**
 * `GET /s2c/content/v1/pages/{pageName}/` with country, language and the page
 * params. Pages with their own fields read them through `TPage`.
 */
export function getPage<TPage extends Page = Page>(
  pageName: string,
  locale: ContentLocale,
  params: PageParams = {},
  signal?: AbortSignal,
): Promise<TPage> {
  return httpClient.get<TPage>(`/s2c/content/v1/pages/${encodeURIComponent(pageName)}/`, {
    query: { ...params, countryCode: locale.countryCode, languageCode: locale.languageCode },
    signal,
  });
}

export function pageQueryOptions<TPage extends Page = Page>(
  pageName: string,
  locale: ContentLocale,
  params: PageParams = {},
) {
  return queryOptions({
    queryKey: ['page', pageName, locale.countryCode ?? '', locale.languageCode ?? '', params],
    queryFn: ({ signal }) => getPage<TPage>(pageName, locale, params, signal),
  });
}

export function usePageQuery<TPage extends Page = Page>(
  pageName: string,
  locale: ContentLocale,
  params: PageParams = {},
) {
  return useQuery(pageQueryOptions<TPage>(pageName, locale, params));
}
