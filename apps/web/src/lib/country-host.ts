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
