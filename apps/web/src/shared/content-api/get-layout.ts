import { queryOptions, useQuery } from '@tanstack/react-query';
import { withRoutePrefix, type ClientLayout } from '@club/contract/client-layout';
import type { Layout } from '@club/contract/layout';
import { httpClient } from '../../lib/http-client';
import type { ContentLocale } from './content-locale';

/** `GET /s2c/content/v1/layout/`; the answer gets routePrefix and languageRoute added. */
export async function getLayout(
  locale: ContentLocale,
  signal?: AbortSignal,
): Promise<ClientLayout> {
  const layout = await httpClient.get<Layout>('/s2c/content/v1/layout/', {
    query: { countryCode: locale.countryCode, languageCode: locale.languageCode },
    signal,
  });
  return withRoutePrefix(layout);
}

export function layoutQueryOptions(locale: ContentLocale) {
  return queryOptions({
    queryKey: ['layout', locale.countryCode ?? '', locale.languageCode ?? ''],
    queryFn: ({ signal }) => getLayout(locale, signal),
  });
}

export function useLayoutQuery(locale: ContentLocale) {
  return useQuery(layoutQueryOptions(locale));
}
