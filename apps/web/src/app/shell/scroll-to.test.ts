import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollDefaults, scrollToOffset } from './scroll-to';

describe('scrollToOffset', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.scrollTo(0, 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
    window.scrollTo(0, 0);
  });

  it('has the spec defaults', () => {
    expect(scrollDefaults).toEqual({ duration: 1250, interval: 10, minDistance: 2 });
  });

  it('arrives after the duration, stepping every interval, and calls onDone once', () => {
    const onDone = vi.fn();
    const scroll = vi.spyOn(window, 'scrollTo');
    scrollToOffset(0, { onDone });

    vi.advanceTimersByTime(10);
    expect(scroll).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(600);
    expect(scroll).toHaveBeenCalledTimes(61);
    expect(window.scrollY).toBeGreaterThan(0);
    expect(window.scrollY).toBeLessThan(1000);
    expect(onDone).not.toHaveBeenCalled();

    vi.advanceTimersByTime(640);
    expect(window.scrollY).toBe(0);
    expect(onDone).toHaveBeenCalledTimes(1);
    const calls = scroll.mock.calls.length;
    expect(calls).toBe(125);

    vi.advanceTimersByTime(100);
    expect(scroll.mock.calls.length).toBe(calls);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('honours a custom duration', () => {
    const onDone = vi.fn();
    scrollToOffset(0, { duration: 300, onDone });
    vi.advanceTimersByTime(290);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    expect(window.scrollY).toBe(0);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('jumps when the distance is below the minimum or the duration is 0', () => {
    const onDone = vi.fn();
    scrollToOffset(999, { onDone });
    expect(window.scrollY).toBe(999);
    expect(onDone).toHaveBeenCalledTimes(1);

    scrollToOffset(0, { duration: 0, onDone });
    expect(window.scrollY).toBe(0);
    expect(onDone).toHaveBeenCalledTimes(2);
  });

  it('stops when cancelled', () => {
    const onDone = vi.fn();
    const cancel = scrollToOffset(0, { onDone });
    vi.advanceTimersByTime(100);
    const position = window.scrollY;
    cancel();
    vi.advanceTimersByTime(2000);
    expect(window.scrollY).toBe(position);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
