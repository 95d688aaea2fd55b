import { describe, expect, it } from 'vitest';
import { isOwnHost, rewriteLink, type LinkContext } from './rich-text-links';

const defaultLanguage: LinkContext = {
  countryRoute: '',
  languageRoute: '',
  routePrefix: '',
  rootDomain: 'club.example',
};
const greek: LinkContext = { ...defaultLanguage, languageRoute: '/ell', routePrefix: '/ell' };
const countryInPath: LinkContext = {
  countryRoute: '/gr',
  languageRoute: '/ell',
  routePrefix: '/gr/ell',
  rootDomain: 'club.example',
};

const href = (link: string, context: LinkContext = greek) => rewriteLink(link, context).href;

describe('links that are not external get the country then the language prefix', () => {
  it('prefixes root-relative and relative paths and navigates in the app', () => {
    expect(rewriteLink('/faq', greek)).toEqual({ href: '/ell/faq', inApp: true, external: false });
    expect(href('faq')).toBe('/ell/faq');
    expect(href('./news')).toBe('/ell/news');
    expect(href('/faq', countryInPath)).toBe('/gr/ell/faq');
    expect(href('/faq', defaultLanguage)).toBe('/faq');
  });

  it('keeps the query and the fragment', () => {
    expect(href('/gifts?category=books#top')).toBe('/ell/gifts?category=books#top');
  });

  it('makes the home link the prefix itself', () => {
    expect(href('/')).toBe('/ell');
    expect(href('/', countryInPath)).toBe('/gr/ell');
    expect(href('/', defaultLanguage)).toBe('/');
  });

  it('does not add the prefix to a path that already has it', () => {
    expect(href('/ell/faq')).toBe('/ell/faq');
    expect(href('/ell')).toBe('/ell');
    expect(href('/gr/ell/faq', countryInPath)).toBe('/gr/ell/faq');
  });

  it('adds only the missing part', () => {
    expect(href('/ell/faq', countryInPath)).toBe('/gr/ell/faq');
    expect(href('/gr/faq', countryInPath)).toBe('/gr/ell/faq');
  });

  it('keeps a language a path names itself (adding only the country)', () => {
    expect(href('/eng/faq')).toBe('/eng/faq');
    expect(href('/eng/faq', countryInPath)).toBe('/gr/eng/faq');
  });

  it('does not take a three-letter page name for a language', () => {
    expect(href('/faq', countryInPath)).toBe('/gr/ell/faq');
  });
});

describe('external links stay as they are', () => {
  it('keeps mailto, tel and fragment links, not in the app', () => {
    for (const link of [
      'mailto:club@example.com',
      'MAILTO:x@y.z',
      'tel:+302101234567',
      '#faq-3',
      '#',
    ])
      expect(rewriteLink(link, greek)).toEqual({ href: link, inApp: false, external: false });
  });

  it('keeps links to other hosts and marks them external', () => {
    for (const link of [
      'https://www.other.example/path',
      'http://other.example',
      '//cdn.other.example/x',
      'https://club.example.evil.test/faq',
      'https://notclub.example/faq',
    ])
      expect(rewriteLink(link, greek)).toEqual({ href: link, inApp: false, external: true });
  });
});

describe("links to the product's own site become root-relative", () => {
  it('handles the root domain and country subdomains, http and https', () => {
    expect(href('https://club.example/faq')).toBe('/ell/faq');
    expect(href('http://gr.club.example/faq?x=1')).toBe('/ell/faq?x=1');
    expect(href('https://GR.Club.Example/news')).toBe('/ell/news');
    expect(rewriteLink('https://gr.club.example/faq', greek).inApp).toBe(true);
  });

  it('handles preview and uat prefixes', () => {
    expect(href('https://preview.club.example/faq')).toBe('/ell/faq');
    expect(href('https://uat.gr.club.example/faq')).toBe('/ell/faq');
    expect(href('https://gr.preview.club.example/faq')).toBe('/ell/faq');
    expect(href('https://uat-club.example/faq')).toBe('/ell/faq');
  });

  it('handles protocol-relative links and ports', () => {
    expect(href('//gr.club.example/faq')).toBe('/ell/faq');
    expect(href('http://gr.localhost:3000/faq', { ...greek, rootDomain: 'localhost' })).toBe(
      '/ell/faq',
    );
  });

  it('makes the bare own site home', () => {
    expect(href('https://gr.club.example')).toBe('/ell');
  });
});

describe('a leading two-letter upper-case country segment is stripped', () => {
  it('strips it from relative and own-site links and adds the current prefix', () => {
    expect(href('/GR/faq')).toBe('/ell/faq');
    expect(href('/GR')).toBe('/ell');
    expect(href('https://club.example/AT/news')).toBe('/ell/news');
    expect(href('/GR/faq', countryInPath)).toBe('/gr/ell/faq');
    expect(href('/GR/faq', defaultLanguage)).toBe('/faq');
  });

  it('leaves lower-case or longer segments alone', () => {
    expect(href('/gr/faq', defaultLanguage)).toBe('/gr/faq');
    expect(href('/GRC/faq', defaultLanguage)).toBe('/GRC/faq');
  });
});

describe('served files', () => {
  it('are root-relative documents, not app pages', () => {
    expect(rewriteLink('/media/terms.pdf', greek)).toEqual({
      href: '/media/terms.pdf',
      inApp: false,
      external: false,
    });
    expect(href('https://gr.club.example/media/banner.jpg')).toBe('/media/banner.jpg');
  });
});

describe('isOwnHost', () => {
  it('accepts the root and hosts under it only', () => {
    expect(isOwnHost('club.example', 'club.example')).toBe(true);
    expect(isOwnHost('ae.club.example', 'club.example')).toBe(true);
    expect(isOwnHost('evilclub.example', 'club.example')).toBe(false);
    expect(isOwnHost('club.example.org', 'club.example')).toBe(false);
  });
});
