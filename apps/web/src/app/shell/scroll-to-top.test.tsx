import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { ScrollToTop } from './scroll-to-top';
import { happyDom, makeLayout, renderWithLayout } from '../../testing/shell-test-utils';

function control() {
  return screen.queryByRole('button', { name: 'Scroll to top' });
}

function scrollWindow(y: number) {
  window.scrollTo(0, y);
  fireEvent.scroll(window);
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('ScrollToTop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    happyDom().setViewport({ width: 1024, height: 800 });
    window.scrollTo(0, 0);
  });
  afterEach(() => {
    vi.useRealTimers();
    window.scrollTo(0, 0);
    happyDom().settings.device.prefersReducedMotion = 'no-preference';
  });

  it('appears only when scrolled beyond one window height', () => {
    renderWithLayout(<ScrollToTop />);
    expect(control()).toBeNull();
    scrollWindow(800);
    advance(100);
    expect(control()).toBeNull();
    scrollWindow(801);
    advance(100);
    expect(control()).not.toBeNull();
  });

  it('shows at once when the page is already scrolled', () => {
    window.scrollTo(0, 2000);
    renderWithLayout(<ScrollToTop />);
    expect(control()).not.toBeNull();
  });

  it('checks at most once per 100 ms, with a trailing check', () => {
    renderWithLayout(<ScrollToTop />);
    scrollWindow(2000);
    expect(control()).not.toBeNull();

    scrollWindow(0);
    advance(50);
    scrollWindow(10);
    advance(49);
    expect(control()).not.toBeNull();
    advance(1);
    expect(control()).toBeNull();

    scrollWindow(3000);
    expect(control()).toBeNull();
    advance(100);
    expect(control()).not.toBeNull();
  });

  it('re-checks on resize', () => {
    window.scrollTo(0, 900);
    renderWithLayout(<ScrollToTop />);
    expect(control()).not.toBeNull();
    happyDom().setViewport({ width: 1024, height: 1000 });
    fireEvent(window, new Event('resize'));
    advance(100);
    expect(control()).toBeNull();
  });

  it('scrolls to the top over 300 ms and then hides', () => {
    renderWithLayout(<ScrollToTop />);
    scrollWindow(3000);
    advance(100);
    fireEvent.click(control()!);
    advance(150);
    expect(window.scrollY).toBeGreaterThan(0);
    expect(window.scrollY).toBeLessThan(3000);
    advance(150);
    expect(window.scrollY).toBe(0);
    expect(control()).toBeNull();
  });

  it('jumps at once with reduced motion', () => {
    happyDom().settings.device.prefersReducedMotion = 'reduce';
    renderWithLayout(<ScrollToTop />);
    scrollWindow(3000);
    fireEvent.click(control()!);
    expect(window.scrollY).toBe(0);
    expect(control()).toBeNull();
  });

  it('uses the dictionary label', () => {
    window.scrollTo(0, 2000);
    renderWithLayout(<ScrollToTop />, {
      layout: makeLayout({ dictionary: { scrollTop: 'Nach oben' } }),
    });
    expect(screen.getByRole('button', { name: 'Nach oben' })).toBeTruthy();
  });
});
