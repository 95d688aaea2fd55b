import { describe, expect, it, vi } from 'vitest';
import { loadedOnFirstCall } from './loaded-on-first-call.js';

type Check = (value: string) => Promise<{ value: string; ok: boolean }>;

describe('loadedOnFirstCall', () => {
  it('loads the function at the first call, once', async () => {
    const real = vi.fn<Check>((value) => Promise.resolve({ value, ok: true }));
    const load = vi.fn(() => Promise.resolve(real));
    const check = loadedOnFirstCall(load);
    expect(load).not.toHaveBeenCalled();

    await expect(check('1')).resolves.toEqual({ value: '1', ok: true });
    await check('2');
    expect(load).toHaveBeenCalledTimes(1);
    expect(real).toHaveBeenCalledTimes(2);
  });

  it('tries the load again after it failed', async () => {
    const real: Check = (value) => Promise.resolve({ value, ok: true });
    const load = vi
      .fn<() => Promise<Check>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(real);
    const check = loadedOnFirstCall(load);
    await expect(check('1')).rejects.toThrow('chunk failed');
    await expect(check('1')).resolves.toMatchObject({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
