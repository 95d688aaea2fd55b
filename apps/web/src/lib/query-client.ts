import { QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query defaults, set once. Retry is off because the HTTP client
 * already retries GETs (spec 2 §9); server content changes rarely, so answers
 * stay fresh for a while and a window focus does not refetch them. Calls run
 * offline too (`networkMode: 'always'`): they fail at once and their error
 * answer shows with the offline notice, instead of waiting paused behind a
 * spinner; failed queries refetch when the network is back (reconnect).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
