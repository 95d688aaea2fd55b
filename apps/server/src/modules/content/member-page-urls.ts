import { sql } from 'drizzle-orm';
import { countryRouteOf } from '@club/contract/host';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { readColumns, type ColumnRead } from '../../db/columns.js';

/** What link URLs are built from: the scheme and port of PUBLIC_BASE_URL, the country host under PUBLIC_ROOT_DOMAIN. */
export type LinkSettings = Pick<Config, 'publicBaseUrl' | 'publicRootDomain'>;

export type PageLocation = {
  countryCode: string;
  languageCode: string;
  /** The country's default language is served without a prefix. */
  defaultLanguageCode: string;
  /** A country without its own subdomain lives on the root site under `/{code}`. */
  subDomainDisabled: boolean;
  page: string;
  query?: Record<string, string>;
};

/**
 * `{scheme}://{country}.{root domain}{:port}{base path}/{language prefix unless default}/{page}?…`,
 * e.g. `http://gr.localhost:3000/ell/forgot-password?token=…`; for a country
 * whose subdomain is disabled the root host with the country's route prefix,
 * e.g. `http://localhost:3000/cy/registration-email-confirm?token=…`.
 */
export function pageUrl(settings: LinkSettings, location: PageLocation): string {
  const base = new URL(settings.publicBaseUrl);
  const url = new URL(base.href);
  const country = { code: location.countryCode, subDomainDisabled: location.subDomainDisabled };
  url.hostname = location.subDomainDisabled
    ? settings.publicRootDomain
    : `${location.countryCode}.${settings.publicRootDomain}`;
  const languageRoute =
    location.languageCode === location.defaultLanguageCode ? '' : `/${location.languageCode}`;
  const prefix = `${countryRouteOf(country)}${languageRoute}`;
  url.pathname = `${base.pathname.replace(/\/+$/, '')}${prefix}/${location.page}`;
  url.search = new URLSearchParams(location.query ?? {}).toString();
  return url.toString();
}

/**
 * The settings for code that runs without the app at hand: `sendConfirmEmail`
 * is called by the registration inside its own transaction with only the
 * member. Set once when the account-links module is set up.
 */
let current: LinkSettings | undefined;

export function useLinkSettings(settings: LinkSettings): void {
  current = { publicBaseUrl: settings.publicBaseUrl, publicRootDomain: settings.publicRootDomain };
}

export function linkSettings(): LinkSettings {
  if (current === undefined) throw new Error('The account-links module is not set up');
  return current;
}

export type MemberLocale = { countryCode: string; languageCode: string };

/** A page of the site in a member's country and language. */
export async function memberPageUrl(
  db: Database,
  member: MemberLocale,
  page: string,
  query?: Record<string, string>,
): Promise<string> {
  return (await readColumns(db, { url: memberPageUrlColumn(member, page, query) })).url;
}

/** `memberPageUrl` as a column of another statement (a gift order's confirmation link). */
export function memberPageUrlColumn(
  member: MemberLocale,
  page: string,
  query?: Record<string, string>,
): ColumnRead<string> {
  return {
    sql: sql`select json_build_object(
        'defaultLanguageCode', default_language_code, 'subDomainDisabled', sub_domain_disabled)
      from countries where code = ${member.countryCode}`,
    decode: (value) => {
      const country = value as { defaultLanguageCode: string; subDomainDisabled: boolean } | null;
      return pageUrl(linkSettings(), {
        ...member,
        defaultLanguageCode: country?.defaultLanguageCode ?? member.languageCode,
        subDomainDisabled: country?.subDomainDisabled ?? false,
        page,
        query,
      });
    },
  };
}
