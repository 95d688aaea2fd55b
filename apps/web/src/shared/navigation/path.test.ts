import { describe, expect, it } from 'vitest';
import { createPath, parsePath } from './path';

describe('createPath and parsePath', () => {
  it('split an address into its parts and join them again', () => {
    expect(parsePath('/eng/faq?x=1#top')).toEqual({
      pathname: '/eng/faq',
      search: '?x=1',
      hash: '#top',
    });
    expect(createPath(parsePath('/eng/faq?x=1#top'))).toBe('/eng/faq?x=1#top');
  });

  it('leave out the parts an address does not have', () => {
    expect(parsePath('/eng/faq')).toEqual({ pathname: '/eng/faq' });
    expect(parsePath('?x=1')).toEqual({ search: '?x=1' });
    expect(parsePath('#top')).toEqual({ hash: '#top' });
    expect(createPath({})).toBe('/');
    expect(createPath({ pathname: '/eng', search: '?', hash: '#' })).toBe('/eng');
  });

  it('add a missing ? or # to a search or a hash', () => {
    expect(createPath({ pathname: '/eng', search: 'x=1', hash: 'top' })).toBe('/eng?x=1#top');
  });
});
