import { QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query defaults, set once. Retry is off because the HTTP client
 * already retries GETs (spec 2 §9); server content changes rarely, so answers
 * stay fresh for a while and a window focus does not refetch them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 5 * 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
