import { describe, expect, it } from 'vitest';
import { siteAddress } from './site-address';

const origin = { protocol: 'https:', host: 'club.example.com' };

describe('the address of a page on the member site', () => {
  it('is on the country’s subdomain, without a prefix for the default language', () => {
    const at = { code: 'at', defaultLanguage: 'deu', subDomainDisabled: false };
    expect(siteAddress(origin, at, 'deu', 'home')).toBe('https://at.club.example.com/');
    expect(siteAddress(origin, at, 'eng', 'faq')).toBe('https://at.club.example.com/eng/faq');
  });

  it('is on the root site under the country’s code when it has no subdomain', () => {
    const cy = { code: 'cy', defaultLanguage: 'eng', subDomainDisabled: true };
    expect(siteAddress(origin, cy, 'eng', 'news')).toBe('https://club.example.com/cy/news');
  });
});
