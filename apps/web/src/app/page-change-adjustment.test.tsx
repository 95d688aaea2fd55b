import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { pageChangeAdjustmentDelayMs, usePageChangeAdjustment } from './page-change-adjustment';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('page-change adjustment (spec 2 §2.2)', () => {
  it('scrolls to the top at once when the page changes, not on the first page', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { rerender } = renderHook(({ path }) => usePageChangeAdjustment(path, ''), {
      initialProps: { path: '/faq' },
    });
    expect(scrollTo).not.toHaveBeenCalled();
    rerender({ path: '/news' });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });

  it('scrolls a #fragment target into view after 500 ms', () => {
    vi.useFakeTimers();
    const target = document.createElement('div');
    target.id = 'points';
    const scrollIntoView = vi.spyOn(target, 'scrollIntoView');
    document.body.append(target);
    renderHook(() => usePageChangeAdjustment('/faq', '#points'));
    vi.advanceTimersByTime(pageChangeAdjustmentDelayMs - 1);
    expect(scrollIntoView).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollIntoView).toHaveBeenCalled();
  });
});
