import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpiryForecast } from '@club/contract/points';
import { httpClient } from '../../../lib/http-client';
import { pointsFreshMs } from '../../../shared/points-status/status-report';

/** Points lapsing in each of the next 12 months: `GET /s2c/auth/v1/agent-points/forecast?number=`. */
export function getExpiryForecast(number: string, signal?: AbortSignal): Promise<ExpiryForecast> {
  return httpClient.get<ExpiryForecast>('/s2c/auth/v1/agent-points/forecast', {
    query: { number },
    signal,
  });
}

export function expiryForecastQueryOptions(number: string) {
  return queryOptions({
    queryKey: ['agent-points', number, 'forecast'],
    queryFn: ({ signal }) => getExpiryForecast(number, signal),
    staleTime: pointsFreshMs,
  });
}

export function useExpiryForecast(number: string) {
  return useQuery(expiryForecastQueryOptions(number));
}
