import { appConfig } from './app-config';

/**
 * An address on a country's own host (`gr.club.example`), keeping the
 * current scheme and port: the country is read from the host subdomain.
 */
export function countryHostUrl(countryCode: string, path: string): string {
  const { protocol, port } = window.location;
  const host = `${countryCode.toLowerCase()}.${appConfig().rootDomain}`;
  return `${protocol}//${host}${port === '' ? '' : `:${port}`}${path}`;
}

/** An address on the root site (`club.example`), keeping the current scheme and port. */
export function rootSiteUrl(path: string): string {
  const { protocol, port } = window.location;
  return `${protocol}//${appConfig().rootDomain}${port === '' ? '' : `:${port}`}${path}`;
}

/**
 * An address on a country's site: its own host, or, for a country whose
 * subdomain is disabled (a `countryRoute` such as `/cy`), the root site under
 * that prefix (spec 2 §2.2).
 */
export function countrySiteUrl(
  country: { code: string; countryRoute: string },
  path: string,
): string {
  return country.countryRoute === ''
    ? countryHostUrl(country.code, path)
    : rootSiteUrl(`${country.countryRoute}${path}`);
}
