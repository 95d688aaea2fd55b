import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Text } from '@club/contract/page';
import { httpClient } from '../../lib/http-client';
import type { ContentLocale } from './content-locale';

/** `GET /s2c/content/v1/texts?key=`; a failed call gives a null value (spec 2 §8). */
export async function getText(
  key: string,
  locale: ContentLocale,
  signal?: AbortSignal,
): Promise<string | null> {
  try {
    const text = await httpClient.get<Text>('/s2c/content/v1/texts', {
      query: { key, countryCode: locale.countryCode, languageCode: locale.languageCode },
      signal,
    });
    return text.value;
  } catch {
    return null;
  }
}

export function textQueryOptions(key: string, locale: ContentLocale) {
  return queryOptions({
    queryKey: ['text', key, locale.countryCode ?? '', locale.languageCode ?? ''],
    queryFn: ({ signal }) => getText(key, locale, signal),
  });
}

/** The text of a key in the current country and language; null while loading or on failure. */
export function useText(key: string, locale: ContentLocale): string | null {
  return useQuery(textQueryOptions(key, locale)).data ?? null;
}
