/** Host and path helpers without runtime dependencies (the web app's initial bundle imports them). */

/**
 * The three-letter rule of spec 2 §2.2: a route parameter in the language slot
 * that is not three letters long is the page name, and the language is dropped.
 */
export function isLanguageSegment(segment: string | undefined): segment is string {
  return segment !== undefined && /^[a-zA-Z]{3}$/.test(segment);
}

/** Country code of a host such as `gr.localhost:3000` or `ae.club.example`, if any. */
export function countryFromHost(host: string, rootDomain: string): string | undefined {
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  const root = rootDomain.toLowerCase();
  if (!hostname.endsWith(`.${root}`)) return undefined;
  const sub = hostname.slice(0, -(root.length + 1));
  return /^[a-z]{2}$/.test(sub) ? sub : undefined;
}

/**
 * A path may carry the country as its first segment (`/gr/eng/faq`) where the
 * host has no country subdomain; the layout then names it in `countryRoute`.
 */
export function splitCountryRoute(
  pathname: string,
  hostCountry: string | undefined,
): { pathCountry: string | undefined; countryRoute: string; appPath: string } {
  const match = /^\/([a-zA-Z]{2})(?=\/|$)/.exec(pathname);
  if (hostCountry !== undefined || !match?.[1])
    return { pathCountry: undefined, countryRoute: '', appPath: pathname };
  return {
    pathCountry: match[1].toLowerCase(),
    countryRoute: match[0],
    appPath: pathname.slice(match[0].length) || '/',
  };
}

/**
 * The route prefix of a country's site: `''` on its own subdomain; for a
 * country whose subdomain is disabled, `/{code}` on the root site (spec 2
 * §2.2: "the site navigates to the root website" with the country's prefix).
 */
export function countryRouteOf(country: { code: string; subDomainDisabled: boolean }): string {
  return country.subDomainDisabled ? `/${country.code.toLowerCase()}` : '';
}

/**
 * The country a page address belongs to: the host's subdomain, else a
 * two-letter first path segment on the root host (`/cy/registration`), else
 * none (the bare host serves the default country).
 */
export function countryOfAddress(
  host: string,
  pathname: string,
  rootDomain: string,
): string | undefined {
  const hostCountry = countryFromHost(host, rootDomain);
  return hostCountry ?? splitCountryRoute(pathname, hostCountry).pathCountry;
}
