import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver';

type Values = { number: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('loads the real resolver at the first validation, once', async () => {
    const real = vi.fn<Resolver<Values>>((values) => Promise.resolve({ values, errors: {} }));
    const load = vi.fn(() => Promise.resolve(real));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    await expect(resolver({ number: '1' }, undefined, options)).resolves.toEqual({
      values: { number: '1' },
      errors: {},
    });
    await resolver({ number: '2' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(real).toHaveBeenCalledTimes(2);
  });

  it('tries the load again after it failed', async () => {
    const real: Resolver<Values> = (values) => Promise.resolve({ values, errors: {} });
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(real);
    const resolver = lazyResolver(load);
    await expect(resolver({ number: '1' }, undefined, options)).rejects.toThrow('chunk failed');
    await expect(resolver({ number: '1' }, undefined, options)).resolves.toMatchObject({
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
