import { describe, expect, it } from 'vitest';
import { isLanguageSegment, countryFromHost, countryOfAddress, countryRouteOf } from './host.js';
import { isKnownPagePath, legacyModeTarget, legacyModeTargets, resolveRoute } from './routes.js';

describe('the three-letter rule (spec 2 §2.2)', () => {
  it('takes only three letters as a language', () => {
    expect(isLanguageSegment('ell')).toBe(true);
    expect(isLanguageSegment('news')).toBe(false);
    expect(isLanguageSegment('403')).toBe(false);
    expect(isLanguageSegment('en')).toBe(false);
    expect(isLanguageSegment(undefined)).toBe(false);
  });
});

describe('legacy ?mode= redirects (spec 2 §2.3)', () => {
  it('maps every mode of the table', () => {
    expect(Object.keys(legacyModeTargets)).toHaveLength(17);
    expect(legacyModeTarget(new URLSearchParams('mode=subscribe'))).toBe('registration');
    expect(legacyModeTarget(new URLSearchParams('mode=archive_point'))).toBe('archive-points');
    expect(legacyModeTarget(new URLSearchParams('mode=terms'))).toBe('faq');
    expect(legacyModeTarget(new URLSearchParams('mode=rules'))).toBe('privacy-policy');
  });
  it('sends mode=login home, or to login when a form param exists', () => {
    expect(legacyModeTarget(new URLSearchParams('mode=login'))).toBe('home');
    expect(legacyModeTarget(new URLSearchParams('mode=login&form=1'))).toBe('login');
  });
  it('ignores unknown or missing modes', () => {
    expect(legacyModeTarget(new URLSearchParams('mode=nonsense'))).toBeUndefined();
    expect(legacyModeTarget(new URLSearchParams('x=1'))).toBeUndefined();
  });
});

describe('country from the host subdomain', () => {
  it('reads a two-letter subdomain of the root domain', () => {
    expect(countryFromHost('gr.localhost:3000', 'localhost')).toBe('gr');
    expect(countryFromHost('AE.club.example', 'club.example')).toBe('ae');
    expect(countryFromHost('localhost:3000', 'localhost')).toBeUndefined();
    expect(countryFromHost('www.localhost', 'localhost')).toBeUndefined();
    expect(countryFromHost('gr.evil.example', 'localhost')).toBeUndefined();
  });
});

describe('resolveRoute (spec 2 §2.1–2.2)', () => {
  it('reads routes with and without the language prefix', () => {
    expect(resolveRoute('/')).toEqual({ languageCode: undefined, pageName: 'home' });
    expect(resolveRoute('/ell')).toEqual({ languageCode: 'ell', pageName: 'home' });
    expect(resolveRoute('/news')).toEqual({ languageCode: undefined, pageName: 'news' });
    expect(resolveRoute('/ell/news')).toEqual({ languageCode: 'ell', pageName: 'news' });
    expect(resolveRoute('/ARA/cookies-policy/')).toEqual({
      languageCode: 'ara',
      pageName: 'cookies-policy',
    });
  });
  it('takes a first segment that is not three letters as the page name', () => {
    expect(resolveRoute('/403')).toEqual({ languageCode: undefined, pageName: '403' });
    expect(resolveRoute('/faq')).toEqual({ languageCode: undefined, pageName: 'faq' });
    expect(resolveRoute('/eng/faq')).toEqual({ languageCode: 'eng', pageName: 'faq' });
  });
  it('resolves the agency aliases', () => {
    expect(resolveRoute('/agency/opt-in').pageName).toBe('agency-opt-in');
    expect(resolveRoute('/deu/agency/successfully-opt-out')).toEqual({
      languageCode: 'deu',
      pageName: 'agency-successfully-opt-out',
    });
  });
  it('gives 404 for unknown paths', () => {
    expect(resolveRoute('/no-such-page').pageName).toBe('404');
    expect(resolveRoute('/eng/news/extra').pageName).toBe('404');
    expect(resolveRoute('/agency/other').pageName).toBe('404');
  });
});

describe('isKnownPagePath: the page views the server answers with 200', () => {
  it('knows the route table on a country host, with and without a language', () => {
    for (const path of ['/', '/faq', '/ell/news/', '/agency/opt-in', '/eng/points', '/403']) {
      expect(isKnownPagePath('gr.club.example', path, 'club.example')).toBe(true);
    }
  });
  it('takes a two-letter first segment as the country only on a host without one', () => {
    expect(isKnownPagePath('club.example', '/gr/eng/faq', 'club.example')).toBe(true);
    expect(isKnownPagePath('club.example', '/gr', 'club.example')).toBe(true);
    // On a country host `/gr/faq` is page `gr` with page `faq` after it: no route.
    expect(isKnownPagePath('gr.club.example:3000', '/gr/faq', 'club.example')).toBe(false);
  });
  it('does not know paths that fit no route, nor the 404 page itself', () => {
    for (const path of ['/no-such-page', '/eng/news/extra', '/health', '/readyz/x', '/404']) {
      expect(isKnownPagePath('gr.club.example', path, 'club.example')).toBe(false);
    }
  });
});

describe('the country of an address, from host and route prefix', () => {
  it('is the subdomain, else the first path segment on the root host, else none', () => {
    expect(countryOfAddress('at.localhost:3000', '/cy/registration', 'localhost')).toBe('at');
    expect(countryOfAddress('localhost:3000', '/cy/registration', 'localhost')).toBe('cy');
    expect(countryOfAddress('club.example', '/CY', 'club.example')).toBe('cy');
    expect(countryOfAddress('localhost:3000', '/registration', 'localhost')).toBeUndefined();
    expect(countryOfAddress('localhost:3000', '/ell/faq', 'localhost')).toBeUndefined();
  });

  it('gives a subdomain-disabled country the route prefix of its code, others none', () => {
    expect(countryRouteOf({ code: 'cy', subDomainDisabled: true })).toBe('/cy');
    expect(countryRouteOf({ code: 'GR', subDomainDisabled: false })).toBe('');
  });
});
