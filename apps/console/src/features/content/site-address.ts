import type { StaffContentCountry } from '@club/contract/staff-content';

/**
 * The address of a page on a country's member site, from the console's own
 * origin (the root domain): the country's subdomain, or the root site under
 * `/{code}` for a country without one; the default language has no prefix.
 */
export function siteAddress(
  origin: { protocol: string; host: string },
  country: Pick<StaffContentCountry, 'code' | 'defaultLanguage' | 'subDomainDisabled'>,
  languageCode: string,
  pageName: string,
): string {
  const segments = [
    ...(country.subDomainDisabled ? [country.code] : []),
    ...(languageCode === country.defaultLanguage ? [] : [languageCode]),
    ...(pageName === 'home' ? [] : [pageName]),
  ];
  const host = country.subDomainDisabled ? origin.host : `${country.code}.${origin.host}`;
  return `${origin.protocol}//${host}/${segments.join('/')}`;
}
