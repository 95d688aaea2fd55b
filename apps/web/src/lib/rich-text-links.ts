import type { ClientLayout } from '@club/contract/client-layout';
import { isPageName } from '@club/contract/routes';

/**
 * Link rewriting of spec 1 §2 "Rich-text links", applied to every link in
 * server HTML (content blocks, FAQ items, header alerts).
 */
export type LinkContext = Pick<ClientLayout, 'countryRoute' | 'languageRoute' | 'routePrefix'> & {
  /** The configured public root domain (`localhost`, `club.example`). */
  rootDomain: string;
};

export type RewrittenLink = {
  href: string;
  /** Navigates inside the app (the page navigator) instead of loading a document. */
  inApp: boolean;
  /** Points to another site: opened with rel="noopener noreferrer". */
  external: boolean;
};

const schemeOrNetworkPath = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The product's own site: the root domain or any host under it (country
 * subdomains such as `gr.`), optionally with a `preview`/`uat` prefix
 * (`preview.club.example`, `uat-club.example`), with or without a port.
 */
export function isOwnHost(hostname: string, rootDomain: string): boolean {
  const root = escapeRegExp(rootDomain.toLowerCase());
  const pattern = new RegExp(`^(?:[a-z\\d-]+\\.)*(?:(?:preview|uat)[.-]?)?${root}$`);
  return pattern.test(hostname.toLowerCase());
}

/**
 * Served files (media, API, anything with a file extension) are not app pages:
 * they keep their own path and load as documents.
 */
function isServedFile(pathname: string): boolean {
  if (/^\/(?:media|s2c|content)\//.test(pathname)) return true;
  const last = pathname.split('/').pop() ?? '';
  return /\.[a-z\d]{1,5}$/i.test(last);
}

/** Adds the current country and language prefix to an app path that lacks it. */
function withCurrentPrefix(pathname: string, context: LinkContext): string {
  const { countryRoute, routePrefix } = context;
  if (routePrefix !== '' && (pathname === routePrefix || pathname.startsWith(`${routePrefix}/`)))
    return pathname;
  let rest = pathname;
  if (countryRoute !== '' && (rest === countryRoute || rest.startsWith(`${countryRoute}/`)))
    rest = rest.slice(countryRoute.length) || '/';
  // A path that names its own language keeps it; only the country is added.
  const first = rest.split('/')[1] ?? '';
  const hasLanguage = /^[a-z]{3}$/i.test(first) && !isPageName(first);
  const prefix = hasLanguage ? countryRoute : routePrefix;
  if (prefix === '') return rest;
  return rest === '/' ? prefix : `${prefix}${rest}`;
}

/** Strips a leading two-letter upper-case country segment: `/GR/faq` → `/faq`. */
function stripCountrySegment(pathname: string): string {
  const match = /^\/[A-Z]{2}(?=\/|$)/.exec(pathname);
  if (!match) return pathname;
  return pathname.slice(match[0].length) || '/';
}

export function rewriteLink(href: string, context: LinkContext): RewrittenLink {
  const raw = href.trim();
  const lower = raw.toLowerCase();
  if (raw === '' || raw.startsWith('#') || lower.startsWith('mailto:') || lower.startsWith('tel:'))
    return { href: raw, inApp: false, external: false };

  let local: string;
  if (schemeOrNetworkPath.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw, 'https://placeholder.invalid');
    } catch {
      return { href: raw, inApp: false, external: false };
    }
    const web = url.protocol === 'http:' || url.protocol === 'https:';
    if (!web || !isOwnHost(url.hostname, context.rootDomain))
      return { href: raw, inApp: false, external: web };
    // The product's own site becomes root-relative.
    local = `${url.pathname}${url.search}${url.hash}`;
  } else {
    local = raw;
  }

  // Relative paths (`faq`, `./faq`) are read from the site root.
  const url = new URL(local, 'https://placeholder.invalid/');
  const pathname = stripCountrySegment(url.pathname);
  if (isServedFile(pathname))
    return { href: `${pathname}${url.search}${url.hash}`, inApp: false, external: false };
  return {
    href: `${withCurrentPrefix(pathname, context)}${url.search}${url.hash}`,
    inApp: true,
    external: false,
  };
}
