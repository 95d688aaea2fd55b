import { countryFromHost } from '@club/contract/host';
import { notFound } from '../../lib/http-error.js';
import type { ContentIndex, CountryEntry, CountryLanguage } from './content-repository.js';

export type ResolvedLocale = { country: CountryEntry; language: CountryLanguage };

export type LocaleSettings = { publicRootDomain: string; defaultCountry: string };

/**
 * The country of a request: the query's, else the host's subdomain
 * (`gr.localhost`), else the default country of a bare host. The language: the
 * query's, else the country's default. Unknown values answer 404 naming the field.
 */
export function resolveLocale(
  index: ContentIndex,
  requested: { countryCode?: string | undefined; languageCode?: string | undefined },
  host: string,
  settings: LocaleSettings,
): ResolvedLocale {
  const countryCode =
    requested.countryCode ??
    countryFromHost(host, settings.publicRootDomain) ??
    settings.defaultCountry;
  const country = index.get(countryCode);
  if (country === undefined) throw notFound({ countryCode: 'Unknown country' });
  const languageCode = requested.languageCode ?? country.defaultLanguageCode;
  const language = country.languages.find((candidate) => candidate.code === languageCode);
  if (language === undefined) throw notFound({ languageCode: 'Unknown language for this country' });
  return { country, language };
}

/**
 * The country of the site a request came from, for calls whose answer must
 * not be steered by the client: the host's subdomain; on the root host, a
 * named country only where its site lives there (`/cy`: subdomain
 * disabled), else the default country.
 */
export function siteCountryOf(
  index: ContentIndex,
  host: string,
  named: string | undefined,
  settings: LocaleSettings,
): string {
  const hostCountry = countryFromHost(host, settings.publicRootDomain);
  if (hostCountry !== undefined) return hostCountry;
  const namedCountry = named === undefined ? undefined : index.get(named.toLowerCase());
  return namedCountry?.subDomainDisabled === true ? namedCountry.code : settings.defaultCountry;
}
