import type { FastifyRequest } from 'fastify';
import { countryFromHost } from '@club/contract/host';
import type { Words } from '@club/contract/message-catalogue';
import type { ContentCache } from './content-cache.js';
import type { ContentIndex, Locale } from './content-repository.js';
import type { LocaleSettings } from './locale.js';

/** At most this many language ranges of a header are looked at (a header is the client's to make long). */
const maxRanges = 10;

/** The language ranges of an `Accept-Language` header, most preferred first (`q=0` ranges left out). */
export function languageRanges(header: string | undefined): string[] {
  if (header === undefined) return [];
  return header
    .split(',')
    .slice(0, maxRanges)
    .map((part, order) => {
      const [range = '', ...parameters] = part.trim().split(';');
      const q = parameters
        .map((parameter) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      return { range: range.trim().toLowerCase(), weight: q === undefined ? 1 : Number(q), order };
    })
    .filter(({ range, weight }) => /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/.test(range) && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map(({ range }) => range);
}

/**
 * The country and language a call outside the pages answers in. The web app
 * sends its page's `<html lang>` (`el-GR`, `ar-AE`) as `Accept-Language`: the
 * region names the country when it is one of the club's (else the host's
 * country, else the default), and the first range whose language is one of
 * that country's languages (by short code) names the language. Undefined
 * when none is: the answer is English, the spec's default.
 */
export function requestLocale(
  index: ContentIndex,
  acceptLanguage: string | undefined,
  host: string,
  settings: LocaleSettings,
): Locale | undefined {
  const ranges = languageRanges(acceptLanguage);
  const regionCountry = ranges
    .map((range) => range.split('-')[1])
    .find((region) => region !== undefined && index.has(region));
  const countryCode =
    regionCountry ?? countryFromHost(host, settings.publicRootDomain) ?? settings.defaultCountry;
  const country = index.get(countryCode);
  if (country === undefined) return undefined;
  for (const range of ranges) {
    const primary = range.split('-')[0];
    const language = country.languages.find(
      (candidate) => candidate.shortCode.toLowerCase() === primary,
    );
    if (language !== undefined) return { countryCode, languageCode: language.code };
  }
  return undefined;
}

/** The dictionary of the request's language (see requestLocale), or none: English. */
export async function requestWords(
  cache: ContentCache,
  request: FastifyRequest,
  settings: LocaleSettings,
): Promise<Words> {
  const locale = requestLocale(
    await cache.index(),
    request.headers['accept-language'],
    request.host,
    settings,
  );
  return locale === undefined ? {} : cache.dictionary(locale);
}
