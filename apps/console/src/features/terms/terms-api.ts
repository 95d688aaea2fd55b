import { queryOptions } from '@tanstack/react-query';
import type { CountryTerms, RequireCountryTermsWire } from '@club/contract/staff-member-actions';
import { staffCall } from '../../lib/staff-api';

/** The terms version of each of the staff member's countries. */
export const countryTermsQuery = queryOptions({
  queryKey: ['country-terms'],
  queryFn: ({ signal }) =>
    staffCall<CountryTerms[]>('GET', '/s2c/staff/v1/terms', undefined, { signal }),
});

/** Sets the country's new terms version: every member of it accepts the terms again. */
export function requireCountryTerms(
  countryCode: string,
  values: RequireCountryTermsWire,
): Promise<CountryTerms> {
  return staffCall<CountryTerms>('POST', `/s2c/staff/v1/terms/${countryCode}`, values);
}
