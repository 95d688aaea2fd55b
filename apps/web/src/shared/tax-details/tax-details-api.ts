import { queryOptions } from '@tanstack/react-query';
import type { TaxDetails } from '@club/contract/tax-details';
import { httpClient } from '../../lib/http-client';

/** The signed-in member's tax details (`GET /s2c/auth/v1/tax-details`): the member home shows where they stand. */
export function taxDetailsQueryOptions(number: string) {
  return queryOptions({
    queryKey: ['tax-details', number],
    queryFn: ({ signal }) => httpClient.get<TaxDetails>('/s2c/auth/v1/tax-details', { signal }),
    staleTime: 10_000,
  });
}

/** Sends the member's tax details (`POST /s2c/auth/v1/tax-details`); a 400 carries a message per field. */
export function sendTaxDetails(values: Record<string, string>): Promise<TaxDetails> {
  return httpClient.post<TaxDetails>('/s2c/auth/v1/tax-details', { body: values });
}
