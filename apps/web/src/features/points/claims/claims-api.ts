import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberClaim, MemberClaimList } from '@club/contract/claims';
import { httpClient } from '../../../lib/http-client';

/** The member's missing-points claims: `GET /s2c/auth/v1/agent-points/claims?number=`. */
export function claimsQueryOptions(number: string) {
  return queryOptions({
    queryKey: ['agent-points', number, 'claims'],
    queryFn: ({ signal }) =>
      httpClient.get<MemberClaimList>('/s2c/auth/v1/agent-points/claims', {
        query: { number },
        signal,
      }),
    staleTime: 10_000,
  });
}

export function useClaims(number: string) {
  return useQuery(claimsQueryOptions(number));
}

export type ClaimValues = {
  pnr: string;
  travelDate: string;
  booked: string;
  note: string;
};

/** Files a claim (`POST /s2c/auth/v1/agent-points/claims`); a 400 carries a keyed message per field. */
export function fileClaim(number: string, values: ClaimValues): Promise<MemberClaim> {
  return httpClient.post<MemberClaim>('/s2c/auth/v1/agent-points/claims', {
    body: { number, ...values },
  });
}
