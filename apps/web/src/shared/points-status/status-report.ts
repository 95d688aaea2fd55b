import { queryOptions } from '@tanstack/react-query';
import type { StatusReport } from '@club/contract/points';
import type { httpClient } from '../../lib/http-client';

/**
 * How long a points answer stays fresh: the page loader's prefetch serves the
 * screen it opens without a second call. Older answers are fetched again when
 * a screen showing them opens, the cached answer showing meanwhile.
 */
export const pointsFreshMs = 10_000;

/** The HTTP client's GET, passed in (see the points side panel for why). */
export type HttpGet = Pick<typeof httpClient, 'get'>;

/**
 * Points status report (spec 2 §7): `GET /s2c/auth/v1/agent-points?number=`,
 * read into the member's status report (spec 2 §3).
 *
 * Keyed by the member number, under `agent-points` with the forecast: a
 * capability that changes the balance (a gift order) refreshes both with
 * `invalidateQueries({ queryKey: ['agent-points'] })`.
 */
export function statusReportQueryOptions(number: string, client: HttpGet) {
  return queryOptions({
    queryKey: ['agent-points', number, 'status'],
    queryFn: ({ signal }) =>
      client.get<StatusReport>('/s2c/auth/v1/agent-points', { query: { number }, signal }),
    staleTime: pointsFreshMs,
  });
}
