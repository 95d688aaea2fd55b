import { describe, expect, it } from 'vitest';
import { languageSwitchPath, pagePath } from './paths';

describe('pagePath', () => {
  it('makes home the empty path and prefixes every page', () => {
    expect(pagePath({ routePrefix: '' }, 'home')).toBe('/');
    expect(pagePath({ routePrefix: '/ell' }, 'home')).toBe('/ell');
    expect(pagePath({ routePrefix: '/ell' }, 'faq')).toBe('/ell/faq');
    expect(pagePath({ routePrefix: '' }, 'gifts', { category: 'books' })).toBe(
      '/gifts?category=books',
    );
  });
});

describe('languageSwitchPath', () => {
  const layout = { countryRoute: '', defaultLanguageCode: 'eng', paramsRoute: ['category'] };
  it('keeps the page and only the route query parameters', () => {
    expect(languageSwitchPath(layout, 'ell', 'gifts', '?category=books&utm=x')).toBe(
      '/ell/gifts?category=books',
    );
    expect(languageSwitchPath(layout, 'eng', 'faq', '')).toBe('/faq');
    expect(languageSwitchPath(layout, 'eng', 'home', '?category=a')).toBe('/?category=a');
  });
});
