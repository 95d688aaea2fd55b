import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PointsHistory } from '@club/contract/points';
import { httpClient } from '../../../lib/http-client';
import { pointsFreshMs } from '../../../shared/points-status/status-report';

/** Points earned, spent and lapsed in each of the last 24 months: `GET /s2c/auth/v1/agent-points/history?number=`. */
export function getPointsHistory(number: string, signal?: AbortSignal): Promise<PointsHistory> {
  return httpClient.get<PointsHistory>('/s2c/auth/v1/agent-points/history', {
    query: { number },
    signal,
  });
}

export function pointsHistoryQueryOptions(number: string) {
  return queryOptions({
    queryKey: ['agent-points', number, 'history'],
    queryFn: ({ signal }) => getPointsHistory(number, signal),
    staleTime: pointsFreshMs,
  });
}

export function usePointsHistory(number: string) {
  return useQuery(pointsHistoryQueryOptions(number));
}
