import { describe, expect, it } from 'vitest';
import type { ContentIndex, CountryEntry } from './content-repository.js';
import { siteCountryOf } from './locale.js';

/** The site of a request, for calls the client must not steer (the session handover). */
const country = (code: string, subDomainDisabled: boolean) =>
  [code, { code, subDomainDisabled } as CountryEntry] as const;
const index: ContentIndex = new Map([
  country('gr', false),
  country('ae', false),
  country('cy', true),
]);
const settings = { publicRootDomain: 'club.example', defaultCountry: 'gr' };

describe('the site country of a request', () => {
  it("is the host's subdomain, whatever country the client names", () => {
    expect(siteCountryOf(index, 'ae.club.example', 'gr', settings)).toBe('ae');
    expect(siteCountryOf(index, 'AE.club.example:443', undefined, settings)).toBe('ae');
  });

  it('on the root host is a named country whose site lives there (/cy)', () => {
    expect(siteCountryOf(index, 'club.example', 'CY', settings)).toBe('cy');
  });

  it('on the root host is the default country for any other name, or none', () => {
    expect(siteCountryOf(index, 'club.example', 'ae', settings)).toBe('gr');
    expect(siteCountryOf(index, 'club.example', 'zz', settings)).toBe('gr');
    expect(siteCountryOf(index, 'club.example', undefined, settings)).toBe('gr');
  });
});
