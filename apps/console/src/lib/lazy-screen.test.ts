import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

describe('a lazy screen', () => {
  it('loads its code once, whether preloaded, rendered, or both', () => {
    const load = vi.fn(() => Promise.resolve({ default: () => null }));
    const { preload } = lazyScreen(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    preload();
    expect(load).toHaveBeenCalledOnce();
  });
});
